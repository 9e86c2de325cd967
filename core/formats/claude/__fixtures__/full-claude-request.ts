/** A /v1/messages body that uses every block type and request field the gateway reads (test support). */
export const FULL_CLAUDE_REQUEST = {
  model: 'claude-sonnet-4-20250514',
  max_tokens: 4096,
  system: [
    { type: 'text', text: 'You are Claude Code.', cache_control: { type: 'ephemeral' } },
    { type: 'text', text: 'Be brief.' },
  ],
  messages: [
    {
      role: 'user',
      content: [
        { type: 'text', text: 'What is in these?' },
        { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
        { type: 'image', source: { type: 'url', url: 'https://example.com/cat.jpg' } },
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'spec.pdf' },
      ],
    },
    {
      role: 'assistant',
      content: [
        { type: 'thinking', thinking: 'Look first.', signature: 'sig' },
        { type: 'redacted_thinking', data: 'opaque' },
        { type: 'text', text: 'Let me check.' },
        { type: 'tool_use', id: 'toolu_1', name: 'read_file', input: { path: 'a.txt' } },
        { type: 'server_tool_use', id: 'srvtoolu_1', name: 'web_search', input: { query: 'x' } },
      ],
    },
    {
      role: 'user',
      content: [
        { type: 'tool_result', tool_use_id: 'toolu_1', content: [{ type: 'text', text: 'hello' }, { type: 'image', source: { type: 'base64', media_type: 'image/gif', data: 'R0lG' } }] },
        { type: 'web_search_tool_result', tool_use_id: 'srvtoolu_1', content: [] },
        { type: 'text', text: 'Thanks' },
      ],
    },
  ],
  tools: [
    { name: 'read_file', description: 'Read a file', input_schema: { type: 'object', properties: { path: { type: 'string' } } }, cache_control: { type: 'ephemeral' } },
    { type: 'web_search_20250305', name: 'web_search', max_uses: 5 },
  ],
  tool_choice: { type: 'auto', disable_parallel_tool_use: true },
  stop_sequences: ['END'],
  temperature: 0.5,
  top_p: 0.9,
  top_k: 40,
  stream: true,
  metadata: { user_id: 'user_abc' },
  thinking: { type: 'enabled', budget_tokens: 2048 },
  service_tier: 'auto',
};
