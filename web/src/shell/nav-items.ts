import {
  Bell,
  Bot,
  Calendar,
  CalendarClock,
  CalendarDays,
  CircleUser,
  FileText,
  FolderKanban,
  GitBranch,
  KeyRound,
  Handshake,
  LayoutDashboard,
  ListTodo,
  Mail,
  Settings,
  Users,
  UsersRound,
  Webhook,
  type LucideIcon,
} from 'lucide-react';

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

export const navItems: NavItem[] = [
  { to: '/app/dashboard', label: 'Dashboard', icon: LayoutDashboard },
  { to: '/app/contacts', label: 'Contacts', icon: Users },
  { to: '/app/deals', label: 'Deals', icon: Handshake },
  { to: '/app/projects', label: 'Projects', icon: FolderKanban },
  { to: '/app/tasks', label: 'Tasks', icon: ListTodo },
  { to: '/app/profile', label: 'Profile', icon: CircleUser },
  { to: '/app/chatbot', label: 'Chatbot', icon: Bot },
  { to: '/app/calendar', label: 'Calendar', icon: Calendar },
  { to: '/app/email', label: 'Email', icon: Mail },
  { to: '/app/settings', label: 'Settings', icon: Settings },
];

export interface SettingsItem extends NavItem {
  description: string;
}

/**
 * The settings screens, as the hub (/app/settings) lists them: the five links of part 2 §2 "Settings hub", then
 * the screens added since. The command menu offers them too, so a screen added here is found from both.
 */
export const settingsItems: SettingsItem[] = [
  { to: '/app/settings/ai', label: 'AI Configuration', description: 'OpenAI, Anthropic and Google AI keys', icon: Bot },
  {
    to: '/app/settings/calendar',
    label: 'Calendar Integration',
    description: 'Google Calendar keys',
    icon: CalendarDays,
  },
  {
    to: '/app/settings/pipelines',
    label: 'Pipeline Settings',
    // The spec gives this link no description; this one names what the screen holds.
    description: 'Pipelines and their deal stages',
    icon: GitBranch,
  },
  { to: '/app/forms', label: 'Forms', description: 'Lead capture forms and submissions', icon: FileText },
  {
    to: '/app/settings/email',
    label: 'Email Settings',
    description: "Email accounts and an autoresponder provider's keys",
    icon: Mail,
  },
  // Not in the spec (decisions.md item 17): the bell's kinds, each on or off.
  {
    to: '/app/settings/notifications',
    label: 'Notifications',
    description: 'What the bell tells you about',
    icon: Bell,
  },
  // The spec shows no link to it (part 2 §1: "route not shown"); without one nobody finds it.
  {
    to: '/app/settings/scheduling',
    label: 'Scheduling Settings',
    description: 'Your booking link, time zone, notice and embed code',
    icon: CalendarClock,
  },
  {
    to: '/app/settings/team',
    label: 'Team',
    description: 'Your workspace, its members and their invitations',
    icon: UsersRound,
  },
  // Issue 30: keys for the member's other tools to the REST API.
  {
    to: '/app/settings/api-keys',
    label: 'API Keys',
    description: 'Keys for your other tools to read and change your CRM',
    icon: KeyRound,
  },
  // Issue 30: the workspace's events sent to its other tools; its Owner's and Admins' to manage.
  {
    to: '/app/settings/webhooks',
    label: 'Webhooks',
    description: 'Send your CRM’s events to your other tools',
    icon: Webhook,
  },
];
