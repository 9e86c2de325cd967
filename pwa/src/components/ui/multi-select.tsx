import { CheckIcon, ChevronDownIcon, XIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { cn } from '../../lib/class-names';
import { Input } from './input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

interface MultiSelectProps {
  options: string[];
  value: string[];
  onChange: (value: string[]) => void;
  placeholder?: string;
  searchPlaceholder?: string;
  disabled?: boolean;
}

/** A searchable multi-select of plain strings, shown as removable chips. */
export function MultiSelect({ options, value, onChange, placeholder, searchPlaceholder, disabled }: MultiSelectProps) {
  const [query, setQuery] = useState('');
  const filtered = useMemo(() => options.filter((o) => o.toLowerCase().includes(query.trim().toLowerCase())), [options, query]);
  const toggle = (option: string) => onChange(value.includes(option) ? value.filter((v) => v !== option) : [...value, option]);
  return (
    <Popover>
      <PopoverTrigger asChild disabled={disabled}>
        <button
          type="button"
          role="combobox"
          aria-expanded={false}
          className="flex min-h-9 w-full flex-wrap items-center gap-1 rounded-md border border-input bg-card px-2 py-1 text-left text-sm shadow-xs disabled:cursor-not-allowed disabled:opacity-60"
        >
          {value.length === 0 ? <span className="px-1 text-muted-foreground">{placeholder}</span> : null}
          {value.map((v) => (
            <span key={v} className="inline-flex items-center gap-1 rounded bg-secondary px-1.5 py-0.5 text-xs">
              {v}
              <XIcon
                className="size-3 cursor-pointer opacity-60 hover:opacity-100"
                onClick={(e) => {
                  e.stopPropagation();
                  toggle(v);
                }}
              />
            </span>
          ))}
          <ChevronDownIcon className="ml-auto size-4 shrink-0 opacity-60" />
        </button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-(--radix-popover-trigger-width) p-2">
        <Input value={query} onChange={(e) => setQuery(e.target.value)} placeholder={searchPlaceholder} className="mb-2 h-8" />
        <div className="max-h-64 overflow-y-auto">
          {filtered.map((option) => (
            <button
              key={option}
              type="button"
              onClick={() => toggle(option)}
              className={cn('flex w-full items-center gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent', value.includes(option) && 'font-medium')}
            >
              <span className={cn('flex size-4 items-center justify-center rounded border', value.includes(option) && 'border-primary bg-primary text-primary-foreground')}>
                {value.includes(option) ? <CheckIcon className="size-3" /> : null}
              </span>
              <span className="truncate">{option}</span>
            </button>
          ))}
          {filtered.length === 0 ? <p className="px-2 py-3 text-center text-xs text-muted-foreground">—</p> : null}
        </div>
      </PopoverContent>
    </Popover>
  );
}
