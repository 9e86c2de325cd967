import type { OptionsStore } from '../../options/options-store.js';
import { buildMatcherOffThread } from './build-matcher-off-thread.js';
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

export interface SensitiveWordsPolicyDeps {
  /** Builds a matcher away from the event loop; default: a worker thread. */
  buildOffThread?: (list: string) => Promise<SensitiveMatcher>;
  /** Lists shorter than this (UTF-16 units) are compiled inline: quicker than starting a thread. */
  inlineBelowChars?: number;
  /** A failed off-thread build (the list is then compiled inline, once). */
  onBuildError?: (err: unknown) => void;
}

/**
 * Measured with bench/sensitive-words.ts (Node 20, 2 shared cores): compiling costs ~1 µs per character
 * of the list (100 000 words, 489 000 characters: ~0.5 s), while `new Worker()` blocks the loop for
 * 3–8 ms. Below ~4 000 characters the inline build is the shorter stall.
 */
export const DEFAULT_INLINE_BELOW_CHARS = 4096;

interface Compiled {
  source: string;
  matcher: SensitiveMatcher;
}

/**
 * The sensitive-word options applied to requests and completions. The matcher follows the
 * `SensitiveWords` text (the options store hands back the same string until it changes, so the comparison
 * is a pointer check), lazily, so a list saved while checks are off costs nothing. A long list is built in
 * a worker thread while the previous matcher keeps serving; only the very first list (nothing to serve
 * yet) is built inline if a check comes before `ready()` has been awaited.
 */
export class SensitiveWordsPolicy {
  private current: Compiled | null = null;
  private building: Promise<void> | null = null;
  private readonly buildOffThread: (list: string) => Promise<SensitiveMatcher>;
  private readonly inlineBelow: number;
  private readonly onBuildError: (err: unknown) => void;

  constructor(
    private readonly options: SensitiveOptions,
    deps: SensitiveWordsPolicyDeps = {},
  ) {
    this.buildOffThread = deps.buildOffThread ?? buildMatcherOffThread;
    this.inlineBelow = deps.inlineBelowChars ?? DEFAULT_INLINE_BELOW_CHARS;
    this.onBuildError = deps.onBuildError ?? (() => undefined);
  }

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

  /**
   * Resolves once the matcher in use is the one for the current list, building it off the event loop if
   * needed. Await it at boot (before serving) and after saving a list when the caller wants it in force.
   */
  async ready(): Promise<void> {
    while (this.current?.source !== this.options.get('SensitiveWords')) {
      if (this.building) await this.building;
      else if (this.startBuild(this.options.get('SensitiveWords'))) await this.building;
    }
  }

  private matcher(): SensitiveMatcher {
    const source = this.options.get('SensitiveWords');
    if (this.current?.source === source) return this.current.matcher;
    if (!this.current) return this.install(source, new SensitiveMatcher(source));
    if (!this.building) this.startBuild(source);
    return this.current.matcher;
  }

  /** Starts building `source` off the loop; a short list is compiled here and now (returns false then). */
  private startBuild(source: string): boolean {
    if (source.length < this.inlineBelow) {
      this.install(source, new SensitiveMatcher(source));
      return false;
    }
    this.building = this.buildOffThread(source)
      .catch((err: unknown) => {
        this.onBuildError(err);
        return new SensitiveMatcher(source);
      })
      .then((matcher) => {
        // Newer than whatever serves now; if the list changed again meanwhile, the next check starts
        // the build for that one.
        this.install(source, matcher);
      })
      .finally(() => {
        this.building = null;
      });
    return true;
  }

  private install(source: string, matcher: SensitiveMatcher): SensitiveMatcher {
    this.current = { source, matcher };
    return matcher;
  }
}
