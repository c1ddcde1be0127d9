//! The JSON body of an API request, read strictly: one JSON object, each of its keys (and
//! those of every object inside it) given once. actix-web's `web::Json` reads the body (its
//! size, its content type and its syntax, refused by `web::json_config`); this then refuses
//! with 422 a body that is not an object (`[]` would otherwise fill a struct of optional
//! fields, changing nothing and answering 200) and a key given twice (which would otherwise
//! count as its last value), each in words naming what was wrong, before the operation's
//! own fields are read.

use actix_web::dev::Payload;
use actix_web::http::StatusCode;
use actix_web::{FromRequest, HttpRequest, web};
use futures_util::future::LocalBoxFuture;
use serde::de::DeserializeOwned;
use serde_json::Value;

use crate::engine::json::{Strict, truncate};
use crate::i18n::Said;

/// An operation's JSON body, read as `T` once it is one object with no repeated key.
#[derive(Debug)]
pub struct Json<T>(pub T);

impl<T> Json<T> {
    pub fn into_inner(self) -> T {
        self.0
    }
}

impl<T> std::ops::Deref for Json<T> {
    type Target = T;

    fn deref(&self) -> &T {
        &self.0
    }
}

/// Why a body that reads as JSON is refused before its fields are read, if it is.
fn refusal(strict: &Strict) -> Option<Said> {
    if let Some(key) = &strict.repeated {
        return Some(Said::new("refused-api-body-repeated-key").text("key", truncate(key, 40)));
    }
    let kind = match &strict.value {
        Value::Object(_) => return None,
        Value::Array(_) => "list",
        Value::String(_) => "text",
        Value::Number(_) => "number",
        Value::Bool(_) => "boolean",
        Value::Null => "null",
    };
    Some(Said::new("refused-api-body-not-object").text("kind", kind))
}

impl<T: DeserializeOwned + 'static> FromRequest for Json<T> {
    type Error = actix_web::Error;
    type Future = LocalBoxFuture<'static, Result<Json<T>, actix_web::Error>>;

    fn from_request(req: &HttpRequest, payload: &mut Payload) -> Self::Future {
        let read = web::Json::<Strict>::from_request(req, payload);
        let req = req.clone();
        Box::pin(async move {
            let strict = read.await?.into_inner();
            let said = match refusal(&strict) {
                Some(said) => said,
                None => match serde_json::from_value::<T>(strict.value) {
                    Ok(input) => return Ok(Json(input)),
                    Err(e) => {
                        Said::new("refused-api-body-does-not-fit").text("problem", e.to_string())
                    }
                },
            };
            let answer =
                crate::web::json_said(&req, StatusCode::UNPROCESSABLE_ENTITY, "invalid", &said);
            Err(
                actix_web::error::InternalError::from_response("a JSON body refused", answer)
                    .into(),
            )
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Strict {
        serde_json::from_str(text).expect("JSON")
    }

    #[test]
    fn a_body_that_is_not_one_object_is_refused_before_its_fields_are_read() {
        for (text, kind) in [
            ("[]", "list"),
            ("\"name\"", "text"),
            ("3", "number"),
            ("true", "boolean"),
            ("null", "null"),
        ] {
            assert_eq!(
                refusal(&read(text)),
                Some(Said::new("refused-api-body-not-object").text("kind", kind)),
                "{text}"
            );
        }
        assert!(refusal(&read("{}")).is_none());
        assert!(refusal(&read(r#"{"name":"Club","series":{"a":[1,{"b":2}]}}"#)).is_none());
    }

    #[test]
    fn a_key_given_twice_at_any_depth_is_refused_by_its_name() {
        for (text, key) in [
            (r#"{"name":"A","name":"B"}"#, "name"),
            (r#"{"prizes":{"season":[],"season":["booby"]}}"#, "season"),
            (r#"{"hands":[{"miles":1},{"trip":1,"trip":0}]}"#, "trip"),
        ] {
            let strict = read(text);
            assert_eq!(strict.repeated.as_deref(), Some(key), "{text}");
            assert_eq!(
                refusal(&strict),
                Some(Said::new("refused-api-body-repeated-key").text("key", key)),
                "{text}"
            );
        }
    }
}
