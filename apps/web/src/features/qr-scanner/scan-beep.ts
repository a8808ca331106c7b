const BEEP_HZ = 880;
const BEEP_SECONDS = 0.12;
const BEEP_VOLUME = 0.1;

/** A short tone confirming a read code (spec 01 §9: scan beep on). Silent where WebAudio is missing. */
export function playScanBeep(): void {
  if (typeof AudioContext === 'undefined') return;
  try {
    const audio = new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = BEEP_HZ;
    gain.gain.value = BEEP_VOLUME;
    oscillator.connect(gain).connect(audio.destination);
    oscillator.onended = () => void audio.close();
    oscillator.start();
    oscillator.stop(audio.currentTime + BEEP_SECONDS);
  } catch {
    // A blocked or failing audio output must not keep the scan from being used.
  }
}
