import { CopyIcon, EyeIcon, EyeOffIcon } from 'lucide-react';
import { useState } from 'react';
import { useCopy } from '../../hooks/use-copy';
import { isMaskedKey, maskKey } from '../../lib/secret-scrub';
import { Button } from '../ui/button';
import { Tooltip } from '../ui/tooltip';

interface Props {
  value: string;
  /** How the value is written out and copied (e.g. with a prefix). */
  format?: (value: string) => string;
  /** Offers a show/hide toggle; without it the value is never shown in full. */
  revealable?: boolean;
  labels: { copy: string; reveal?: string; hide?: string; maskedOffline: string };
  /** data-* attributes for the value element (tests find it by them). */
  codeData?: Record<`data-${string}`, string>;
}

const same = (value: string) => value;

/**
 * A secret shown masked, with a copy button. Data restored offline only holds the masked form
 * (lib/secret-scrub), so then there is nothing to reveal or copy.
 */
export function SecretCell({ value, format = same, revealable = false, labels, codeData }: Props) {
  const copy = useCopy();
  const [revealed, setRevealed] = useState(false);
  const masked = isMaskedKey(value);
  const shown = format(masked || !revealed ? (masked ? value : maskKey(value)) : value);
  const toggleLabel = revealed ? labels.hide : labels.reveal;
  return (
    <div className="flex items-center gap-0.5">
      <code className="mr-1 max-w-[220px] truncate rounded bg-muted px-1.5 py-0.5 font-mono text-xs" {...codeData}>
        {shown}
      </code>
      {revealable && !masked ? (
        <Tooltip content={toggleLabel}>
          <Button size="icon-sm" variant="ghost" aria-label={toggleLabel} onClick={() => setRevealed(!revealed)}>
            {revealed ? <EyeOffIcon /> : <EyeIcon />}
          </Button>
        </Tooltip>
      ) : null}
      <Tooltip content={masked ? labels.maskedOffline : labels.copy}>
        <span>
          <Button size="icon-sm" variant="ghost" aria-label={labels.copy} data-copy-key disabled={masked} onClick={() => void copy(format(value))}>
            <CopyIcon />
          </Button>
        </span>
      </Tooltip>
    </div>
  );
}
