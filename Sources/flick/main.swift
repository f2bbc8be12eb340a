import Glibc
import FlickUI

// Flick's entry point: everything else lives in FlickUI.
let status = MainActor.assumeIsolated { FlickApplication().run() }
exit(status)
