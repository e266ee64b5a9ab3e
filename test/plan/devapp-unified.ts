// The six frameworkUnified devapp shortcuts that end in rt.CallMCP (shortcut/devapp/devapp.go:305, :597, :1065, :1560,
// :1644, :1695, registered :1699-1735@c7521c1c): [shortcut, the tool it calls, the flags a user types].
export const UNIFIED_DEVAPP_SHORTCUTS: readonly [string, string, string[]][] = [
  ['+get', 'get_dev_app', ['--unified-app-id', 'u1']],
  ['+webapp-get', 'get_extension_webapp_config', ['--unified-app-id', 'u1']],
  ['+robot-get', 'get_extension_robot_config', ['--unified-app-id', 'u1']],
  ['+version-get', 'get_dev_app_version_detail', ['--unified-app-id', 'u1', '--version-id', 'v1']],
  ['+version-check-approval', 'publish_dev_app_version', ['--unified-app-id', 'u1', '--version-id', 'v1']],
  ['+version-status', 'get_dev_app_version_status', ['--unified-app-id', 'u1', '--version-id', 'v1']],
];
