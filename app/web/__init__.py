"""The web edge: pages, WebSockets, rendering, security headers."""
