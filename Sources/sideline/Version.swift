/// The version of Sideline: `sideline --version`, and the Debian package's (deploy/package/deb.sh asks the binary).
enum SidelineVersion {
    static let current = "0.15.0"
}
