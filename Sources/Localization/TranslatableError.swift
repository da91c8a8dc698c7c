/// An error whose words are a `Message`: shown to a person in their language (`message.translated`), written to
/// the log in English (`message.english`). A module that cannot name another's error type (the kiosk's runtime
/// does not link the photo decoder) still says it in the screen's language.
public protocol TranslatableError: Error {
    var message: Message { get }
}
