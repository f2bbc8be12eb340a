@preconcurrency import CGtk
import Foundation

/// GApplication parses the command line before Flick sees it and, on an error (an unknown
/// option, a missing value, text that is not UTF-8), prints GLib's own words with g_printerr
/// and exits. While it parses, those words are printed as Flick's own errors are: after
/// "flick: ", with the way to the options, and a value that is not UTF-8 is named.
@MainActor
enum OptionParsingErrors {
    private nonisolated(unsafe) static var previousHandler: GPrintFunc?
    /// The arguments that are not UTF-8, each with its bad bytes shown as �.
    private nonisolated(unsafe) static var notUTF8Arguments: [String] = []

    /// From before `g_application_run` until `handle-local-options` (parsing went well).
    static func catchWhileParsing(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) {
        // argv[0] is the program; a program started with an empty argv has none at all.
        notUTF8Arguments = (0..<Int(max(argc, 0))).dropFirst().compactMap { index in
            argv[index].flatMap { g_utf8_validate($0, -1, nil) == 0 ? repaired($0) : nil }
        }
        previousHandler = g_set_printerr_handler { message in
            guard let message else { return }
            OptionParsingErrors.print(String(cString: message))
        }
    }

    static func stopCatching() {
        g_set_printerr_handler(previousHandler)
        previousHandler = nil
    }

    private nonisolated static func print(_ glibMessage: String) {
        // GLib's own words for a value that is not UTF-8, in GLib's translation (g_dgettext
        // returns its argument when there is none: copied while it lives).
        let notUTF8 = "Invalid byte sequence in conversion input".withCString { String(cString: g_dgettext("glib20", $0)) }
        var problem = glibMessage.trimmingCharacters(in: .newlines)
        if problem.hasPrefix(notUTF8), let first = notUTF8Arguments.first {
            problem = tr("“{argument}” is not UTF-8 text; Flick reads its command line as UTF-8.", ["argument": first])
        }
        let text = "flick: \(problem)\n" + tr("Run “flick --help” to see the options.") + "\n"
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// The argument with each byte that is not UTF-8 shown as �.
    private static func repaired(_ argument: UnsafeMutablePointer<CChar>) -> String {
        String(decoding: UnsafeRawBufferPointer(start: argument, count: strlen(argument)), as: UTF8.self)
    }
}
