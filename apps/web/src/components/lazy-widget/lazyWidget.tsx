import {
  type ComponentType,
  type ReactElement,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useReducer,
  useRef,
  useState,
  useSyncExternalStore,
} from 'react';

/** The attribute both the stand-in and the real widget put on their focusable element (see `handOverProps`). */
export const HAND_OVER_ATTRIBUTE = 'data-widget-hand-over';

/** What a stand-in gets besides the widget's own props. */
export type StandInExtras<P> = {
  /** The stand-in's focusable element carries these, so focus and typed text can move to the real widget. */
  handOverProps: Record<typeof HAND_OVER_ATTRIBUTE, string>;
  /**
   * Loads the real widget now (the user reached the field first). `mountWith` are props the real widget mounts
   * with, e.g. an open dropdown when the stand-in was clicked.
   */
  onWanted: (mountWith?: Partial<P>) => void;
};

export type StandInProps<P> = P & StandInExtras<P>;

export type LazyWidget<P> = ((props: P) => ReactElement) & {
  /** Starts loading the real widget (idempotent); resolves once it can render. */
  preload: () => Promise<void>;
};

/** The focused element and typed text of a stand-in, read just before the real widget replaces it. */
type HandOver = { focused: boolean; text: string | null; selection: [number, number] | null };

function handOverElement(key: string): HTMLElement | null {
  for (const element of document.querySelectorAll<HTMLElement>(`[${HAND_OVER_ATTRIBUTE}]`)) {
    if (element.getAttribute(HAND_OVER_ATTRIBUTE) === key) return element;
  }
  return null;
}

/*
 * A press in progress: the element a pointer went down on, until it is released. A real widget that arrives during
 * a press on its stand-in waits for the release; swapped in between the press and the release, the press would
 * start on one element and end on another, and the browser would send the click to neither (a tap on a phone, about
 * 100 ms long, often spans the download the tap itself started: the menu did not open).
 */
let pressedTarget: EventTarget | null = null;
const releaseListeners = new Set<() => void>();
let pressesTracked = false;

function trackPresses(): void {
  if (pressesTracked || typeof document === 'undefined') return;
  pressesTracked = true;
  document.addEventListener(
    'pointerdown',
    (event) => {
      pressedTarget = event.target;
    },
    true,
  );
  const release = () => {
    pressedTarget = null;
    // After the click the release leads to has reached the stand-in (it follows pointerup in the same task).
    setTimeout(() => {
      for (const listener of [...releaseListeners]) listener();
    });
  };
  document.addEventListener('pointerup', release, true);
  document.addEventListener('pointercancel', release, true);
}

function pressedOn(key: string): boolean {
  const element = handOverElement(key);
  return !!element && pressedTarget instanceof Node && element.contains(pressedTarget);
}

/** Calls `listener` once no press is in progress (at once, in the next task, when none is); returns a cancel. */
function whenReleased(listener: () => void): () => void {
  if (pressedTarget === null) {
    const timer = setTimeout(listener);
    return () => clearTimeout(timer);
  }
  const once = () => {
    releaseListeners.delete(once);
    listener();
  };
  releaseListeners.add(once);
  return () => releaseListeners.delete(once);
}

/** Runs `task` once the current commit is over (a resolved promise's turn); returns a cancel. */
function whenCommitted(task: () => void): () => void {
  let cancelled = false;
  void Promise.resolve().then(() => cancelled || task());
  return () => {
    cancelled = true;
  };
}

function readHandOver(key: string): HandOver | null {
  const element = handOverElement(key);
  if (!element) return null;
  const input = element instanceof HTMLInputElement ? element : null;
  return {
    focused: document.activeElement === element,
    text: input && !input.readOnly ? input.value : null,
    selection:
      input && input.selectionStart !== null && input.selectionEnd !== null
        ? [input.selectionStart, input.selectionEnd]
        : null,
  };
}

/**
 * Puts the stand-in's typed text into the real widget's input the way typing does (the native value setter, then
 * an input event, which React's onChange reads), so the widget's own parsing and search run on it; then focus.
 */
function applyHandOver(key: string, state: HandOver): void {
  const element = handOverElement(key);
  if (!element) return;
  // Focus first: comboboxes take a change to an unfocused input for autofill, not for typing.
  if (state.focused) element.focus();
  if (
    state.text !== null &&
    element instanceof HTMLInputElement &&
    !element.readOnly &&
    element.value !== state.text
  ) {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(element, state.text);
    element.dispatchEvent(new Event('input', { bubbles: true }));
  }
  if (state.focused && state.selection && element instanceof HTMLInputElement) {
    try {
      element.setSelectionRange(...state.selection);
    } catch {
      // Inputs without a text selection (none of today's widgets) keep the caret where focus put it.
    }
  }
}

/**
 * A widget whose code loads on first use: until it arrives, `StandIn` shows in its place with the same label, size
 * and ARIA, so the form can be read and used and nothing moves when the real widget replaces it. The real widget
 * loads when the user shows intent to use the stand-in (`onWanted`: the pointer over it, focus, a click, typing);
 * if the stand-in had focus or typed text, the real widget gets them; one that arrives while the stand-in is pressed
 * waits for the release, so the click still reaches the stand-in. Not at idle time: a first visit then costs
 * what its screen draws, not every widget it might use (decision 030). One loader per widget: every field of
 * that kind shares the download, and once loaded every later screen draws the real widget at once.
 */
export function lazyWidget<P extends object>(
  load: () => Promise<ComponentType<P>>,
  StandIn: ComponentType<StandInProps<P>>,
): LazyWidget<P> {
  let loaded: ComponentType<P> | null = null;
  let loading: Promise<void> | null = null;
  const listeners = new Set<() => void>();
  const subscribe = (listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  };
  const current = () => loaded;
  const preload = () => {
    loading ??= load().then(
      (component) => {
        loaded = component;
        for (const listener of listeners) listener();
      },
      (error: unknown) => {
        loading = null; // the next idle time or use asks again
        throw error;
      },
    );
    return loading;
  };
  const preloadQuietly = () => {
    // A failed download leaves the stand-in working; the next use tries again.
    preload().catch(() => undefined);
  };

  function Widget(props: P): ReactElement {
    trackPresses();
    const key = useId();
    const arrived = useSyncExternalStore(subscribe, current, current);
    const [mountWith, setMountWith] = useState<Partial<P>>({});
    const [, afterRelease] = useReducer((count: number) => count + 1, 0);
    const standInShown = useRef(false);
    const handOver = useRef<HandOver | null>(null);
    const waitsForRelease = arrived !== null && standInShown.current && pressedOn(key);
    const Real = waitsForRelease ? null : arrived;
    useEffect(() => (waitsForRelease ? whenReleased(afterRelease) : undefined), [waitsForRelease]);

    // Read while the stand-in is still in the document: the render that swaps it out.
    if (Real && standInShown.current && handOver.current === null) {
      handOver.current = readHandOver(key) ?? { focused: false, text: null, selection: null };
    }
    useLayoutEffect(() => {
      if (!Real) {
        standInShown.current = true;
        return;
      }
      const state = handOver.current;
      standInShown.current = false;
      handOver.current = null;
      // After the commit, not inside it: the input event must reach the real widget's onChange as a user's would,
      // and React does not process it that way during a commit (the controlled input is put back).
      if (state) return whenCommitted(() => applyHandOver(key, state));
    }, [Real, key]);

    const onWanted = useCallback((patch?: Partial<P>) => {
      if (patch) setMountWith((previous) => ({ ...previous, ...patch }));
      preloadQuietly();
    }, []);

    const handOverProps = { [HAND_OVER_ATTRIBUTE]: key };
    return Real ? (
      <Real {...props} {...mountWith} {...handOverProps} />
    ) : (
      <StandIn {...props} handOverProps={handOverProps} onWanted={onWanted} />
    );
  }
  return Object.assign(Widget, { preload });
}
