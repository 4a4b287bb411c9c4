// Short sound effects synthesised with WebAudio: no sound file is downloaded.

let ctx = null;
let enabled = false;

export function setSound(on) { enabled = !!on; }

const TONES = {
  card: [[520, 0.05]],
  trick: [[660, 0.07], [880, 0.09]],
  turn: [[440, 0.06]],
  error: [[200, 0.12]],
  hand: [[523, 0.1], [659, 0.1], [784, 0.16]],
};

/** Play one of the named effects if sound is on (silently does nothing otherwise). */
export function beep(kind) {
  if (!enabled) return;
  try {
    ctx = ctx || new (window.AudioContext || window.webkitAudioContext)();
    let at = ctx.currentTime;
    for (const [freq, len] of TONES[kind] || TONES.card) {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = "triangle";
      osc.frequency.value = freq;
      gain.gain.setValueAtTime(0.08, at);
      gain.gain.exponentialRampToValueAtTime(0.001, at + len);
      osc.connect(gain).connect(ctx.destination);
      osc.start(at);
      osc.stop(at + len);
      at += len;
    }
  } catch {
    enabled = false;
  }
}
