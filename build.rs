// Migrations are embedded in the binary: rebuild when one is added or changed.
fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
