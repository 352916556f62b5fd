/**
 * The fields Telegram's Login Widget signs (https://core.telegram.org/widgets/login#checking-authorization):
 * what the sign-in page receives and posts, and what the server checks.
 */
export interface LoginWidgetData {
  id: number;
  first_name: string;
  last_name?: string;
  username?: string;
  photo_url?: string;
  auth_date: number;
  hash: string;
}
