export { StarRatingInput, type StarRatingInputProps } from './star-rating-input';
export { RatingStars } from './rating-stars';
