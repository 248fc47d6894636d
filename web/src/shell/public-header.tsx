import { Link } from 'react-router';
import { buttonClasses } from '../components/button';
import { Logo } from './logo';
import { ThemeToggle } from './theme-toggle';

export function PublicHeader() {
  return (
    <header className="sticky top-0 z-40 border-b border-slate-200/80 bg-white/80 backdrop-blur dark:border-slate-800/80 dark:bg-slate-950/80">
      <nav aria-label="Main" className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 sm:px-6">
        <Logo />
        <div className="flex items-center gap-1 sm:gap-2">
          <ThemeToggle />
          <Link to="/signin" className={buttonClasses('ghost', 'md', 'px-3')}>
            Sign In
          </Link>
          <Link to="/signup" className={buttonClasses('primary', 'md', 'px-3 sm:px-4')}>
            Get Started
          </Link>
        </div>
      </nav>
    </header>
  );
}
