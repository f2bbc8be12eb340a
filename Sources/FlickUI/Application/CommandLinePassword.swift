import Foundation

/// A password given on the command line's standard input: piped in (scripts, tests), or typed
/// at a prompt without echo when standard input is a terminal.
enum CommandLinePassword {
    /// The first line of standard input, or nil when it is empty.
    static func read(prompt: String) -> String? {
        if isatty(STDIN_FILENO) != 0 {
            FileHandle.standardError.write(Data(prompt.utf8))
            var original = termios()
            tcgetattr(STDIN_FILENO, &original)
            var silent = original
            silent.c_lflag &= ~tcflag_t(ECHO)
            tcsetattr(STDIN_FILENO, TCSANOW, &silent)
            defer {
                tcsetattr(STDIN_FILENO, TCSANOW, &original)
                FileHandle.standardError.write(Data("\n".utf8))
            }
            return nonEmpty(Swift.readLine(strippingNewline: true))
        }
        return nonEmpty(Swift.readLine(strippingNewline: true))
    }

    private static func nonEmpty(_ line: String?) -> String? {
        guard let line, !line.isEmpty else { return nil }
        return line
    }
}
