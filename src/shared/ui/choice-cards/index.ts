export { ChoiceCards, type ChoiceCardsProps, type ChoiceOption } from './choice-cards';
