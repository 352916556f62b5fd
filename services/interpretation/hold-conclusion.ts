// While the AI writes a reading whose plan has a verdict to keep, its last section (the conclusion, under the
// outline's last heading) is held back: streamed only once the whole text is known, so a conclusion that
// contradicts the plan is replaced before anyone reads it (domain/reading/verdict-guard.ts). Everything before
// it streams as the provider writes it, piece by piece (only the few characters that might begin the heading
// wait for the next piece).

export interface ConclusionHold {
  /** A piece from the provider. */
  push(piece: string): void;
  /** The final text (it begins with everything released so far): what was held, or its replacement, goes out. */
  finish(text: string): void;
}

export function holdConclusion(heading: string, emit: (piece: string) => void): ConclusionHold {
  const marker = `## ${heading}`;
  let full = '';
  let sent = 0;
  let held = false;
  /** Pieces not yet released, as [start, end) offsets into `full`. */
  const pending: [number, number][] = [];

  const release = (upTo: number) => {
    while (pending.length && pending[0][1] <= upTo) {
      const [a, b] = pending.shift()!;
      emit(full.slice(Math.max(a, sent), b));
      sent = b;
    }
    // The piece the heading starts in: its part before the heading goes now.
    if (held && pending.length && upTo > sent) {
      emit(full.slice(sent, upTo));
      sent = upTo;
      pending[0][0] = upTo;
    }
  };

  const markerAt = () => {
    const from = Math.max(0, sent - 1);
    if (from === 0 && full.startsWith(marker)) return 0;
    const i = full.indexOf(`\n${marker}`, from);
    return i < 0 ? -1 : i + 1;
  };

  return {
    push(piece) {
      if (!piece) return;
      pending.push([full.length, full.length + piece.length]);
      full += piece;
      if (held) return;
      const at = markerAt();
      if (at >= 0) {
        held = true;
        return release(at);
      }
      // Nothing that could still become the start of the heading goes out early.
      release(full.length - marker.length - 1);
    },
    finish(text) {
      // The model's own text: its pieces go out as it wrote them; a replacement goes in one piece.
      if (text === full) release(full.length);
      else if (text.length > sent) emit(text.slice(sent));
      sent = text.length;
      pending.length = 0;
    },
  };
}
