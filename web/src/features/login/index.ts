// The account forms of the settings page (decision 175); the login page itself is the router's.
export { ChangePasswordForm } from './components/change-password-form';
export { NotificationsEmailForm } from './components/notifications-email-form';
export { userDataQueryOptions } from './api/user-data';
