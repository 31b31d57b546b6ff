/**
 * The new-order ring (issue 17): a short two-tone beep from the Web Audio API (no sound file to download) and
 * a vibration where the phone allows it. Browsers keep audio muted until the person has touched the page
 * once, so the context is made and resumed inside that first gesture (`unlockOrderSound`).
 */

type AudioContextConstructor = typeof AudioContext;

let context: AudioContext | null = null;

function audioContextClass(): AudioContextConstructor | null {
  if (typeof window === 'undefined') return null;
  const candidate =
    window.AudioContext ??
    (window as unknown as { webkitAudioContext?: AudioContextConstructor }).webkitAudioContext;
  return candidate ?? null;
}

/** Whether this browser can beep at all (a page without Web Audio shows no 'Activar sonido'). */
export function orderSoundSupported(): boolean {
  return audioContextClass() !== null;
}

/** Whether a gesture has already unlocked the sound on this page load. */
export function orderSoundUnlocked(): boolean {
  return context?.state === 'running';
}

/** Call inside a user gesture (a tap, a key): makes and resumes the audio context. */
export async function unlockOrderSound(): Promise<boolean> {
  const Context = audioContextClass();
  if (!Context) return false;
  context ??= new Context();
  try {
    if (context.state !== 'running') await context.resume();
  } catch {
    return false;
  }
  return context.state === 'running';
}

function tone(audio: AudioContext, frequency: number, startAt: number, seconds: number): void {
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = frequency;
  // A quick fade in and out: a hard start and stop clicks in the speaker.
  gain.gain.setValueAtTime(0.0001, startAt);
  gain.gain.exponentialRampToValueAtTime(0.4, startAt + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, startAt + seconds);
  oscillator.connect(gain).connect(audio.destination);
  oscillator.start(startAt);
  oscillator.stop(startAt + seconds + 0.02);
}

/** One ring: two rising tones and, on phones that can, a double buzz. */
export function ringOnce(): void {
  if (context?.state === 'running') {
    const now = context.currentTime;
    tone(context, 880, now, 0.18);
    tone(context, 1175, now + 0.22, 0.22);
  }
  // Chrome refuses (and logs) a vibration before the first tap on the page: wait for it, like the sound.
  const touched =
    typeof navigator !== 'undefined' &&
    (navigator as { userActivation?: { hasBeenActive: boolean } }).userActivation?.hasBeenActive !== false;
  if (touched && typeof navigator.vibrate === 'function') {
    navigator.vibrate([200, 100, 200]);
  }
}

/** How often the ring repeats while an order is unopened. */
export const RING_EVERY_MS = 6000;
