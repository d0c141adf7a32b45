/**
 * Node flags the server runs with, from `npm start` and from the benchmark scripts alike.
 *
 * A young generation of 4 MB semi-spaces (V8's default lets each grow to 16 MB): the job queue's
 * polling keeps V8's memory reducer from shrinking a grown one at rest, which held the server
 * ~30 MB over the 250 MB memory budget (decision 015, "Later").
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=4'];
