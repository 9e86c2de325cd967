
/**
 * The playing time of an uploaded audio file in seconds (new-api's GetAudioDuration, which asks ffprobe),
 * read by music-metadata from the container's headers (WAV, MP3, M4A, FLAC, OGG, WebM…); null when the
 * file is not audio it can read or gives no duration.
 */
export async function audioDurationSeconds(audio: Buffer, mimeType: string | undefined): Promise<number | null> {
  try {
    // loaded at the first transcription, not in every relay thread's heap (README, Memory footprint)
    const { parseBuffer } = await import('music-metadata');
    const meta = await parseBuffer(audio, mimeType ? { mimeType, size: audio.length } : { size: audio.length }, { duration: true, skipCovers: true });
    const seconds = meta.format.duration;
    return typeof seconds === 'number' && Number.isFinite(seconds) && seconds > 0 ? seconds : null;
  } catch {
    return null;
  }
}
