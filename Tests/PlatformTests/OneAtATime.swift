import Testing

/// The suites that wait on descriptors and threads, run one test at a time: a test blocks the
/// thread it runs on while it waits, and the test tasks of the whole run (the end-to-end suites'
/// too) share as many threads as the machine has cores, two on the CI machine. Two of these at
/// once held up an end-to-end test's heartbeats for seconds.
@Suite(.serialized) enum OneAtATime {}
