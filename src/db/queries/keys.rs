//! The server's own keys, kept in the database so every instance signs alike.

use diesel::prelude::*;
use diesel::result::QueryResult;

use crate::db::Conn;
use crate::db::schema::*;

pub fn server_key(conn: &mut Conn, name: &str) -> QueryResult<Option<String>> {
    on_backend!(conn, {
        server_keys::table
            .find(name)
            .select(server_keys::value)
            .get_result(conn)
            .optional()
    })
}

pub fn delete_server_key(conn: &mut Conn, name: &str) -> QueryResult<usize> {
    on_backend!(conn, {
        diesel::delete(server_keys::table.find(name)).execute(conn)
    })
}
