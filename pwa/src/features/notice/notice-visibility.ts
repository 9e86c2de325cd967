/** The notice shows when it has content and was not hidden for today (`noticeLastHiddenDate`). */
export function noticeVisible(content: string | undefined, lastHiddenDate: string | null, today: string, closedThisSession: boolean): boolean {
  if (!content || !content.trim()) return false;
  if (closedThisSession) return false;
  return lastHiddenDate !== today;
}
