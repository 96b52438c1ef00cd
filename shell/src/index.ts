// The styles load with the page (a <link> in the head), before any script runs.
import '@checkout/shared/ui/styles.css';
import './ui/shell.css';

// Module Federation needs an async boundary before shared modules (react, effector) are used.
void import('./bootstrap');
