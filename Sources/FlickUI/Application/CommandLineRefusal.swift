/// Why the command line cannot do what it was asked, in the words to print on stderr.
struct CommandLineRefusal: Error {
    var text: String
}
