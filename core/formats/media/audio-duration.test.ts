import { describe, expect, it } from 'vitest';
import { MOCK_MP3 } from '../../../bench/mock/media-endpoints.js';
import { silentWav } from '../../../bench/mock/silent-wav.js';
import { audioDurationSeconds } from './audio-duration.js';

describe('audioDurationSeconds', () => {
  it.each([
    ['a 7 s WAV', silentWav(7), 'audio/wav', 7],
    ['a 61.2 s WAV without a type', silentWav(61.2), undefined, 61.2],
    ['a WAV sent as octet-stream', silentWav(2), 'application/octet-stream', 2],
  ])('reads %s', async (_name, audio, type, seconds) => {
    expect(await audioDurationSeconds(audio, type)).toBeCloseTo(seconds, 6);
  });

  it('reads an MP3 from its frames', async () => {
    // ten 1152-sample frames at 44.1 kHz
    expect(await audioDurationSeconds(MOCK_MP3, 'audio/mpeg')).toBeCloseTo((10 * 1152) / 44100, 2);
  });

  it.each([
    ['text', Buffer.from('not audio at all'), undefined],
    ['an empty WAV', silentWav(0), 'audio/wav'],
  ])('gives null for %s', async (_name, audio, type) => {
    expect(await audioDurationSeconds(audio, type)).toBeNull();
  });
});
