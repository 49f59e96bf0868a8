export {
  createImagePipeline,
  DEFAULT_IMAGE_PIPELINE_OPTIONS,
  IMAGE_CONCURRENCY,
  ImageRejectedError,
  LARGE_WEBP_QUALITY,
  THUMB_WEBP_QUALITY,
  type ImagePipeline,
  type ImagePipelineOptions,
  type ProcessedImage,
} from './pipeline.js';
