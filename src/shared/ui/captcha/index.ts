export { CaptchaField, ALTCHA_CHALLENGE_PATH, CAPTCHA_OFF_TOKEN, type CaptchaFieldProps } from './captcha-field';
