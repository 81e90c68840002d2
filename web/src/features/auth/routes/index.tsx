export { LoginPage } from './login-page';
export { SignupPage } from './signup-page';
export { ConfirmEmailPage } from './confirm-email-page';
export { ResetPasswordPage } from './reset-password-page';
