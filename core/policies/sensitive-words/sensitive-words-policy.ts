import type { OptionsStore } from '../../options/options-store.js';
import { type PromptFormat, promptTexts } from './prompt-texts.js';
import { SensitiveMatcher } from './sensitive-matcher.js';
import { SensitiveStreamGuard } from './sensitive-stream-guard.js';

/** The option reads the policy needs; the OptionsStore satisfies it. */
export type SensitiveOptions = Pick<OptionsStore, 'bool' | 'get'>;

/** new-api's refusal: OpenAIErrorWrapperLocal(errors.New("sensitive words detected"), "sensitive_words_detected", 400). */
export interface SensitiveRefusal {
  status: 400;
  code: 'sensitive_words_detected';
  message: 'sensitive words detected';
  /** for the log line (new-api: `user sensitive words detected: a, b`); never sent to the client */
  words: string[];
}

/**
 * The sensitive-word options applied to requests and completions. The matcher is rebuilt only when the
 * `SensitiveWords` text changes (the options store hands back the same string until then, so the
 * comparison is a pointer check), and lazily, so a list saved while checks are off costs nothing.
 */
export class SensitiveWordsPolicy {
  private compiled: { source: string; matcher: SensitiveMatcher } | null = null;

  constructor(private readonly options: SensitiveOptions) {}

  /** Before any cost: null to go on, else the refusal for the first text part holding a listed word. */
  checkPrompt(format: PromptFormat, body: unknown): SensitiveRefusal | null {
    if (!this.options.bool('CheckSensitiveEnabled') || !this.options.bool('CheckSensitiveOnPromptEnabled')) return null;
    const matcher = this.matcher();
    if (matcher.empty) return null;
    for (const text of promptTexts(format, body)) {
      const words = matcher.findSensitive(text);
      if (words.length > 0) return { status: 400, code: 'sensitive_words_detected', message: 'sensitive words detected', words };
    }
    return null;
  }

  /** A guard for one streamed completion text, or null when completions are not checked. */
  completionGuard(): SensitiveStreamGuard | null {
    if (!this.options.bool('CheckSensitiveEnabled') || !this.options.bool('CheckSensitiveOnCompletionEnabled')) return null;
    const matcher = this.matcher();
    return matcher.empty ? null : new SensitiveStreamGuard(matcher, this.options.bool('StopOnSensitiveEnabled'));
  }

  private matcher(): SensitiveMatcher {
    const source = this.options.get('SensitiveWords');
    if (this.compiled?.source !== source) this.compiled = { source, matcher: new SensitiveMatcher(source) };
    return this.compiled.matcher;
  }
}
