import { useEffect, useState } from 'react';

/**
 * Editable copy of values that live elsewhere (filters in the URL): typing changes only the draft, and the
 * draft follows when the source changes (back button, reset).
 */
export function useDraft<T>(source: T): [T, (next: T) => void] {
  const [draft, setDraft] = useState(source);
  const signature = JSON.stringify(source);
  useEffect(() => {
    setDraft(source);
  }, [signature]);
  return [draft, setDraft];
}
