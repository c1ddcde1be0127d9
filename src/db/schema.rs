//! The tables, as diesel sees them. Kept by hand in step with migrations/ (a test checks that
//! every query runs against the migrated database).

diesel::table! {
    events (id) {
        id -> BigInt,
        name -> Text,
        rules -> Text,
        settings -> Text,
        seed -> BigInt,
        host_token_hash -> Text,
        host_password_hash -> Nullable<Text>,
        status -> Text,
        created_at -> Timestamp,
        updated_at -> Timestamp,
        join_key -> Text,
        private_views -> Bool,
        host_epoch -> Integer,
        join_epoch -> Integer,
        closed_at -> Nullable<Timestamp>,
        view_epoch -> Integer,
        series_id -> Nullable<BigInt>,
    }
}

diesel::table! {
    series (id) {
        id -> BigInt,
        name -> Text,
        counting -> Text,
        count_best -> Nullable<Integer>,
        host_token_hash -> Text,
        created_at -> Timestamp,
        evening_prizes -> Text,
        season_prizes -> Text,
        host_epoch -> Integer,
    }
}

diesel::table! {
    series_people (id) {
        id -> BigInt,
        series_id -> BigInt,
        name -> Text,
        same_as -> Nullable<BigInt>,
        created_at -> Timestamp,
    }
}

diesel::table! {
    series_seats (player_id) {
        player_id -> BigInt,
        person_id -> BigInt,
    }
}

diesel::table! {
    server_keys (name) {
        name -> Text,
        value -> Text,
    }
}

diesel::table! {
    entries (id) {
        id -> BigInt,
        event_id -> BigInt,
        position -> Integer,
        is_bot -> Bool,
        bot_level -> Nullable<Text>,
        joined_round -> Integer,
        withdrawn_round -> Nullable<Integer>,
        created_at -> Timestamp,
        missed_rounds -> Text,
        checked_in -> Bool,
    }
}

diesel::table! {
    players (id) {
        id -> BigInt,
        entry_id -> BigInt,
        member -> Integer,
        name -> Text,
        token_hash -> Text,
        claimed -> Bool,
        epoch -> Integer,
        stand_in -> Bool,
        handed_to -> Nullable<BigInt>,
        picked -> Bool,
    }
}

diesel::table! {
    rounds (id) {
        id -> BigInt,
        event_id -> BigInt,
        number -> Integer,
        state -> Text,
        length_seconds -> Nullable<Integer>,
        extended_seconds -> Integer,
        started_at -> Nullable<Timestamp>,
        stopped_at -> Nullable<Timestamp>,
        closed_at -> Nullable<Timestamp>,
        byes -> Text,
        closing -> Nullable<Text>,
    }
}

diesel::table! {
    pauses (id) {
        id -> BigInt,
        round_id -> BigInt,
        paused_at -> Timestamp,
        resumed_at -> Nullable<Timestamp>,
    }
}

diesel::table! {
    round_tables (id) {
        id -> BigInt,
        round_id -> BigInt,
        number -> Integer,
        mode -> Text,
        host_choice -> Nullable<BigInt>,
        progresses -> Nullable<BigInt>,
        tie -> Nullable<Text>,
    }
}

diesel::table! {
    table_entries (id) {
        id -> BigInt,
        table_id -> BigInt,
        entry_id -> BigInt,
        side -> Integer,
    }
}

diesel::table! {
    games (id) {
        id -> BigInt,
        table_id -> BigInt,
        number -> Integer,
        rules -> Text,
        players -> Integer,
        partners -> Bool,
        seed -> BigInt,
        seats -> Text,
        started_at -> Timestamp,
        finished_at -> Nullable<Timestamp>,
        winner_side -> Nullable<Integer>,
        scores -> Nullable<Text>,
        options -> Nullable<Text>,
    }
}

diesel::table! {
    actions (id) {
        id -> BigInt,
        game_id -> BigInt,
        number -> Integer,
        seat -> Integer,
        action -> Text,
        created_at -> Timestamp,
        played_by -> Nullable<Text>,
    }
}

diesel::table! {
    scores (id) {
        id -> BigInt,
        round_id -> BigInt,
        entry_id -> BigInt,
        miles -> Integer,
        source -> Text,
    }
}

diesel::table! {
    paper_scores (id) {
        id -> BigInt,
        table_id -> BigInt,
        side -> Integer,
        entered_by -> Text,
        entered_at -> Timestamp,
        confirmed_by -> Nullable<Text>,
        confirmed_at -> Nullable<Timestamp>,
        counts -> Text,
    }
}

diesel::table! {
    corrections (id) {
        id -> BigInt,
        event_id -> BigInt,
        round_id -> BigInt,
        entry_id -> BigInt,
        old_miles -> Integer,
        new_miles -> Integer,
        reason -> Text,
        made_by -> Text,
        made_at -> Timestamp,
    }
}

diesel::joinable!(entries -> events (event_id));
diesel::joinable!(events -> series (series_id));
diesel::joinable!(series_people -> series (series_id));
diesel::joinable!(series_seats -> players (player_id));
diesel::joinable!(series_seats -> series_people (person_id));
diesel::joinable!(players -> entries (entry_id));
diesel::joinable!(rounds -> events (event_id));
diesel::joinable!(pauses -> rounds (round_id));
diesel::joinable!(round_tables -> rounds (round_id));
diesel::joinable!(table_entries -> round_tables (table_id));
diesel::joinable!(table_entries -> entries (entry_id));
diesel::joinable!(games -> round_tables (table_id));
diesel::joinable!(actions -> games (game_id));
diesel::joinable!(scores -> rounds (round_id));
diesel::joinable!(scores -> entries (entry_id));
diesel::joinable!(paper_scores -> round_tables (table_id));
diesel::joinable!(corrections -> events (event_id));
diesel::joinable!(corrections -> rounds (round_id));
diesel::joinable!(corrections -> entries (entry_id));

diesel::allow_tables_to_appear_in_same_query!(
    events,
    entries,
    players,
    rounds,
    pauses,
    round_tables,
    table_entries,
    games,
    actions,
    scores,
    paper_scores,
    corrections,
    server_keys,
    series,
    series_people,
    series_seats,
);
