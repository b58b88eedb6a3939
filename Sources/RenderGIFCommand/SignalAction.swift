import RenderGIF
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Makes `handler` (a function, or `SIG_DFL`) the action of signal `number`, with `flags`
/// (`SA_RESTART`, `SA_ONSTACK`, ...) and no other signal blocked while it runs.
func setAction(of number: Int32, to handler: (@convention(c) (Int32) -> Void)?, flags: Int32) {
    var action = sigaction()
    #if canImport(Glibc)
    action.__sigaction_handler.sa_handler = handler
    #else
    action.__sigaction_u.__sa_handler = handler
    #endif
    sigemptyset(&action.sa_mask)
    action.sa_flags = flags
    sigaction(number, &action, nil)
}
