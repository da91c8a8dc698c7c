/// The version of Sideline, one for both programs: `sideline --version`, `sideline-club --version`, and
/// both Debian packages' (deploy/package/deb.sh asks the kiosk's binary).
public enum SidelineVersion {
    public static let current = "0.15.0"
}
