import { useNavigate } from 'react-router';

/** The router's position in this tab's history (react-router keeps it in history.state.idx). */
function historyIndex(): number {
  const state: unknown = window.history.state;
  if (typeof state !== 'object' || state === null || !('idx' in state)) return 0;
  return typeof state.idx === 'number' ? state.idx : 0;
}

/** Back buttons ('Back to List', 'Back'): back where the shopper came from, or to `fallback` when the page was opened directly. */
export function useBackToList(fallback: string): () => void {
  const navigate = useNavigate();
  return () => {
    if (historyIndex() > 0) navigate(-1);
    else navigate(fallback);
  };
}
