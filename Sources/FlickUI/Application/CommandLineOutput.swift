@preconcurrency import CGtk
import Foundation

/// Where a command line's messages go. In this process they are written to stdout / stderr;
/// in the primary instance they travel back over D-Bus to the terminal of the `flick` that
/// sent the command line. (g_application_command_line_print and printerr are variadic and do
/// not import; the class's `print_literal` / `printerr_literal` are what they call.)
@MainActor
enum CommandLineOutput {
    static func printLocally(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func printErrorLocally(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Prints `text` to the standard output of the caller of `commandLine`.
    static func print(_ text: String, to commandLine: UnsafeMutablePointer<GApplicationCommandLine>) {
        let instance = UnsafeMutableRawPointer(commandLine).assumingMemoryBound(to: GTypeInstance.self)
        guard let klass = instance.pointee.g_class else { return }
        let commandLineClass = UnsafeMutableRawPointer(klass).assumingMemoryBound(to: GApplicationCommandLineClass.self)
        if let printLiteral = commandLineClass.pointee.print_literal {
            printLiteral(commandLine, text)
        } else {
            printLocally(text)
        }
    }

    /// Prints an error line, prefixed with `flick: `, to the caller of `commandLine`.
    static func printError(_ text: String, to commandLine: UnsafeMutablePointer<GApplicationCommandLine>) {
        let line = "flick: \(text)\n"
        let instance = UnsafeMutableRawPointer(commandLine).assumingMemoryBound(to: GTypeInstance.self)
        guard let klass = instance.pointee.g_class else { return }
        let commandLineClass = UnsafeMutableRawPointer(klass).assumingMemoryBound(to: GApplicationCommandLineClass.self)
        if let printErrorLiteral = commandLineClass.pointee.printerr_literal {
            printErrorLiteral(commandLine, line)
        } else {
            printErrorLocally(line)
        }
    }
}
