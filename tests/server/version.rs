//! `touring --version` names the version and the commit the binary was built from.

use std::process::Command;

#[test]
fn version_names_the_version_and_the_commit() {
    let output = Command::new(env!("CARGO_BIN_EXE_touring"))
        .arg("--version")
        .output()
        .expect("run touring --version");
    assert!(output.status.success());
    let printed = String::from_utf8(output.stdout).expect("UTF-8");
    // The commit of this checkout, as the build saw it (the tests build again when HEAD moves);
    // without git, the build says so rather than failing. (A build given TOURING_COMMIT, as the
    // Dockerfile's, names that commit instead; it runs no tests.)
    let head = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .output()
        .ok()
        .filter(|output| output.status.success())
        .map(|output| String::from_utf8_lossy(&output.stdout).trim().to_owned());
    let commit = match head {
        Some(hash) => format!("commit {}", &hash[..12]),
        None => "unknown commit".to_owned(),
    };
    assert_eq!(
        printed,
        format!("touring {} ({commit})\n", env!("CARGO_PKG_VERSION"))
    );
    // -V says the same.
    let short = Command::new(env!("CARGO_BIN_EXE_touring"))
        .arg("-V")
        .output()
        .expect("run touring -V");
    assert_eq!(String::from_utf8_lossy(&short.stdout), printed);
}
