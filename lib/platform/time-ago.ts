/**
 * "just now", "40 s ago", "12 min ago", "5 h ago", "3 days ago": how long before `now` an instant was, rounded down
 * to its largest unit. An instant after `now` (another clock) is "just now".
 */
export const timeAgo = (instant: Date, now: Date) => {
  const seconds = Math.floor((now.getTime() - instant.getTime()) / 1000);
  if (seconds < 5) return "just now";
  if (seconds < 60) return `${seconds} s ago`;
  if (seconds < 3_600) return `${Math.floor(seconds / 60)} min ago`;
  if (seconds < 48 * 3_600) return `${Math.floor(seconds / 3_600)} h ago`;
  return `${Math.floor(seconds / 86_400)} days ago`;
};
