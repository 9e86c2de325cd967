// Shared by the passthrough and events-to-chunks tests: Claude streams reporting web searches.
const start = (searches?: unknown) =>
  JSON.stringify({ type: 'message_start', message: { usage: { input_tokens: 5, output_tokens: 1, ...(searches === undefined ? {} : { server_tool_use: searches }) } } });
const delta = (searches?: unknown) =>
  JSON.stringify({ type: 'message_delta', delta: { stop_reason: 'end_turn' }, usage: { output_tokens: 4, ...(searches === undefined ? {} : { server_tool_use: searches }) } });

/** The web search counts of a stream's message_start / message_delta events, and what is billed: the last count reported. */
export const SEARCH_STREAMS: Array<[string, string[], number]> = [
  ['no server_tool_use anywhere', [start(), delta()], 0],
  ['0 in message_start, 2 in message_delta', [start({ web_search_requests: 0 }), delta({ web_search_requests: 2 })], 2],
  ['cumulative counts: the last wins, never the sum', [start({ web_search_requests: 0 }), delta({ web_search_requests: 1 }), delta({ web_search_requests: 3 })], 3],
  ['a later message_delta without the count keeps it', [start(), delta({ web_search_requests: 2 }), delta()], 2],
  ['a junk count is no report', [start(), delta({ web_search_requests: 2 }), delta({ web_search_requests: 'many' }), delta(null)], 2],
  ['only message_start reports', [start({ web_search_requests: 1 })], 1],
];
