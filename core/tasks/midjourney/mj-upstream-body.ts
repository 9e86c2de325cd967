/** The Mj* option switches that shape what is forwarded to a Midjourney-Proxy upstream. */
export interface MjForwardSwitches {
  /** MjAccountFilterEnabled: clients may choose the upstream's Discord account (`accountFilter`) */
  accountFilter: boolean;
  /** MjNotifyEnabled: clients may set the upstream's callback (`notifyHook`) */
  notifyHook: boolean;
  /** MjModeClearEnabled: `--fast`, `--relax`, `--turbo` are removed from the prompt */
  clearMode: boolean;
}

/**
 * The JSON sent upstream for a submit (new-api DoMidjourneyHttpRequest): the client's body with the
 * fields the switches forbid removed; every other field passes through untouched.
 */
export function mjUpstreamBody(body: Record<string, unknown>, s: MjForwardSwitches): Record<string, unknown> {
  const out = { ...body };
  if (!s.accountFilter) delete out.accountFilter;
  if (!s.notifyHook) delete out.notifyHook;
  if (s.clearMode && typeof out.prompt === 'string') out.prompt = out.prompt.replaceAll(/--(fast|relax|turbo)/g, '');
  return out;
}
