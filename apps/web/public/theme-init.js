// Runs before the app so a reload shows the stored theme (localStorage "heroui-theme") without a flash.
(() => {
  try {
    const stored = localStorage.getItem('heroui-theme') ?? 'system';
    const prefersDark = window.matchMedia('(prefers-color-scheme: dark)').matches;
    const resolved = stored === 'system' ? (prefersDark ? 'dark' : 'light') : stored;
    document.documentElement.classList.add(resolved);
    document.documentElement.setAttribute('data-theme', resolved);
    const meta = document.querySelector('meta[name="theme-color"]');
    if (meta) meta.setAttribute('content', resolved === 'dark' ? '#000000' : '#ffffff');
  } catch {
    // Storage can be blocked; the app applies the theme itself once it starts.
  }
})();
