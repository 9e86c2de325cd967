import { SearchIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Input } from '../../components/ui/input';

/**
 * A search box that only reports the query once IME composition has finished,
 * so typing Chinese with pinyin does not filter on half-composed letters.
 */
export function ModelSearchInput({ value, onChange, placeholder }: { value: string; onChange: (v: string) => void; placeholder: string }) {
  const [text, setText] = useState(value);
  const composing = useRef(false);
  useEffect(() => {
    setText(value);
  }, [value]);
  return (
    <div className="relative min-w-0 flex-1 sm:max-w-80">
      <SearchIcon className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-muted-foreground" />
      <Input
        value={text}
        placeholder={placeholder}
        aria-label={placeholder}
        className="pl-8"
        data-model-search
        onCompositionStart={() => (composing.current = true)}
        onCompositionEnd={(e) => {
          composing.current = false;
          onChange(e.currentTarget.value);
        }}
        onChange={(e) => {
          setText(e.target.value);
          if (!composing.current) onChange(e.target.value);
        }}
      />
    </div>
  );
}
