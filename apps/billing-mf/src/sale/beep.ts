let audio: AudioContext | undefined;

/**
 * A short tone for a scan that found nothing, made with Web Audio (no sound file to load). Silent
 * where the browser has no audio or has not allowed it yet; the alert beside the field says it too.
 */
export function beep(): void {
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = 'square';
    oscillator.frequency.value = 880;
    gain.gain.value = 0.08;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.18);
  } catch {
    // No audio here: the alert is the message.
  }
}
