/**
 * Ratio applied to input image tokens (usage.prompt_tokens_details.image_tokens). new-api B hard-codes
 * this map (the ImageRatio option only arrives later, at L); a model not listed has image ratio 1.
 */
export const DEFAULT_IMAGE_RATIO: Readonly<Record<string, number>> = {
  'gpt-image-1': 2,
};
