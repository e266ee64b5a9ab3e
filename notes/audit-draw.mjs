// Reproducible draws of the 30-command audits of issue 32. Run from the repo root after `npm run build`:
//   node notes/audit-draw.mjs <seed>        (20261202: notes/audit-30.md, 20261203: audit-30b.md, 20261204: audit-30c.md,
//   20261205: audit-30d.md, 20261206: audit-30e.md,
//   20261207: audit-30f.md, 20261208: audit-30g.md, 20261209: audit-30h.md + audit-30i-a.md, 20261210: audit-30i-a/b.md,
//   20261211: audit-30j-a/b.md, 20261212: audit-30k-a/b.md,
//   20261213: audit-30l-a/b.md, 20261214: audit-30m-a/b.md, 20261215: audit-30n-a/b.md,
//   20261216: audit-30o-a/b.md, 20261217: audit-30p-a/b.md, 20261218: audit-30q-a/b.md,
//   20261219: audit-30r-a/b.md, 20261220: audit-30s-a/b.md, 20261221: audit-30t-a/b.md,
//   20261222: audit-30u-a/b.md, 20261223: audit-30v-a/b.md, 20261224: audit-30w-a/b.md,
//   20261225: audit-30x-a/b.md, 20261226: audit-30y-a/b.md,
//   20261227: audit-30z-a/b.md, 20261228: audit-31a-a/b.md,
//   20261229: audit-31b-a/b.md; the next audit draws seed 20261230)
//   node notes/audit-draw.mjs rest          every command no audit drew and the session 32 sweep left (SWEEP32_LEFT)
//   node notes/audit-draw.mjs second <seed> a second reading (session 33 on): every command has been read once, so the
//                                           draw is from all non-local commands, none excluded: an estimate of what still
//                                           differs over the whole surface (20261301: notes/h33-a1.md, 20261302: h33-a2.md,
//                                           20261303: h33-a3.md)
//                                           (20261304: notes/h34-a1.md, 20261305: h34-a2.md, 20261306: h34-a3.md)
//                                           (20261307: notes/h35-a1.md, 20261308: h35-a2.md, 20261309: h35-a3.md)
//                                           (20261310: notes/h35-b1.md, 20261311: h35-b2.md, 20261312: h35-b3.md)
//                                           (20261313: notes/h36-a1.md, 20261314: h36-a2.md, 20261315: h36-a3.md, 20261316: h36-a4.md,
//                                           20261317: h36-a5.md, 20261318 and 20261319: h36-lead.md, 20261320: h36-b1.md, 20261321: h36-b2.md,
//                                           20261322: h36-b3.md)
//                                           (20261323: notes/h37-a1.md, 20261324: h37-a2.md, 20261325: h37-a3.md, 20261326: h37-a4.md,
//                                           20261327-20261330 and 20261335: h37-lead.md, 20261331: h37-b1.md, 20261332: h37-b2.md,
//                                           20261333: h37-b3.md, 20261334: h37-b4.md, 20261336: h37-b5.md, 20261337: h37-b6.md)
//                                           (20261338: notes/h38-a1.md, 20261339: h38-a2.md, 20261340: h38-a3.md, 20261341: h38-a4.md,
//                                           20261342: h38-lead.md, 20261343: h38-a5.md, 20261344: h38-a6.md, 20261345: h38-a7.md,
//                                           20261346: h39-a8.md, 20261347: h39-a2.md, 20261348: h39-a1.md, 20261349: h39-b1.md,
//                                           20261350: h39-b2.md)
//                                           (20261351: notes/h40-a1.md, 20261352: h40-a2.md, 20261353: h40-a3.md, 20261354: h40-a4.md,
//                                           20261355: h40-a5.md, 20261356-20261359: h40-lead.md (20261359 partly)
//                                           (20261359 rest: notes/h41-left.md, 20261360: h41-a1.md, 20261361: h41-a2.md,
//                                           20261362: h41-a3.md, 20261363: h41-a4.md, 20261364: h41-a5.md,
//                                           20261365-20261369: h41-lead.md (20261369 but one);
//                                           20261370 partly: h41-lead.md (its atomics and 8 composites);
//                                           20261370 rest: h42-lead.md)
//                                           (20261371: notes/h42-a1.md, 20261372: h42-a2.md, 20261373: h42-a3.md,
//                                           20261374: h42-a4.md, 20261375: h42-a5.md, 20261376: h42-a6.md, 20261377: h42-lead.md,
//                                           20261378: h43-a7.md, 20261379: h43-a8.md, 20261380: h43-b0.md, 20261381: h43-b1.md,
//                                           20261382: h43-b2.md, 20261383: h43-b3.md, 20261384: h43-lead.md, 20261385: h43-lead.md
//                                           (composites) and h43-c1.md (atomics), 20261386: h43-c2.md, 20261387: h43-c3.md,
//                                           20261388: h43-lead.md, 20261389: h43-lead.md)
//                                           (20261390: notes/h44-a1.md, 20261391: h44-a2.md, 20261392: h44-a3.md,
//                                           20261393: h44-a4.md, 20261394: h44-a5.md, 20261395: h44-a6.md,
//                                           20261396: h44-lead.md, 20261397: h45-a1.md, 20261398: h45-a2.md,
//                                           20261399: h45-a3.md, 20261400: h45-a4.md, 20261401: h45-a5.md,
//                                           20261402: h45-a6.md, 20261403: h45-a7.md, 20261404: h45-a8.md,
//                                           20261405: h45-b1.md, 20261406: h45-b2.md (24 of 30), 20261407: h45-b3.md,
//                                           20261408: h45-b4.md;
//                                           20261409: h46-a1.md, 20261410: h46-a2.md, 20261411: h46-a3.md,
//                                           20261412: h46-a4.md, 20261413: h46-a5.md, 20261414: h46-b1.md,
//                                           20261415: h46-b2.md, 20261416: h46-b3.md, 20261417: h46-b4.md,
//                                           20261418: h46-c1.md, 20261419: h46-c2.md, 20261420: h46-c3.md;
//                                           20261421: h47-a1.md, 20261422: h47-a2.md, 20261423: h47-a3.md;
//                                           20261424: h48-a1.md, 20261425: h48-a2.md, 20261426: h48-a3.md,
//                                           20261427: h48-a4.md;
//                                           20261428: h49-a1.md, 20261429: h49-a2.md, 20261430: h49-a3.md;
//                                           20261431: h50-a1.md, 20261432: h50-a2.md, 20261433: h50-a3.md,
//                                           20261434: h50-a4.md; 20261435: h51-a1.md, 20261436: h51-a2.md;
//                                           20261437: h52-a1.md, 20261438: h52-a2.md, 20261439: h52-a3.md;
//                                           20261440: h53-a1.md, 20261441: h53-a2.md, 20261442: h53-a3.md,
//                                           20261443: h53-a4.md, 20261444: h53-a5.md, 20261445: h53-a6.md;
//                                           20261446: h54-a1.md, 20261447: h54-a2.md, 20261448: h54-a3.md,
//                                           20261449: h54-a4.md, 20261450 (its first ten, if read): h54-left.md,
//                                           20261451: h54-a5.md, 20261452: h54-a6.md,
//                                           20261453: h54-a7.md, 20261454: h54-a8.md,
//                                           20261455: h54-a9.md, 20261456: h54-a10.md, 20261457: h54-a11.md,
//                                           20261458: h54-a12.md (its event consume: h54-event.md),
//                                           20261459: h54-a13.md, 20261460: h54-a14.md;
//                                           20261461: h55-a1.md, 20261462: h55-a2.md, 20261463: h55-a3.md,
//                                           20261464: h55-a4.md, 20261465: h55-a5.md, 20261466: h55-a6.md,
//                                           20261467: h55-a7.md;
//                                           20261468: h56-a1.md, 20261469: h56-a2.md, 20261470: h56-a3.md,
//                                           20261471: h56-a4.md, 20261472: h56-a5.md; the next second reading
//                                           draws 20261473)
// Every canonical path with its interface mode, in code point order, split into an atomic pool (interface_mode mcp)
// and a composite pool (everything else), 15 drawn from each with a mulberry32 PRNG by a partial Fisher-Yates shuffle.
// The first audit excluded nothing; every later one excludes, BEFORE drawing, the commands of the audits before it and
// every local command (nothing is sent to a backend). Nothing drawn is skipped. A draw depends on the catalog's
// interface modes: re-draw an audit at its own commit.
import { execFileSync } from 'node:child_process';

/** The commands each audit drew, by its seed (a later audit excludes the earlier ones). */
const AUDITS = new Map([
  [20261202, [
  'sheet.get_filter', 'sheet.get_cond_format', 'chat.create_custom_shortcut', 'sheet.info', 'aitable.chart_delete',
  'aitable.section_reorder', 'wiki.get_wikiSpace', 'doc.query_export_job', 'sheet.range_move_to', 'mail.search_emails',
  'mail.update_mail_folder', 'calendar.create_calendar_event', 'contact.get_authorized_emp_rosterInfo',
  'aitable.view_get_card', 'oa.list_pending_tasks', 'wiki.shortcut_node_get', 'todo.shortcut_list_attachment',
  'todo.shortcut_remind', 'doc.template_search', 'mail.shortcut_contact_list', 'doc.version_save',
  'aitable.form_field_list', 'doc.shortcut_version_list', 'chat.shortcut_chat_transfer_owner',
  'chat.shortcut_search_msg', 'attendance.group_get', 'wiki.shortcut_node_search', 'sheet.show_gridline',
  'drive.shortcut_list', 'dev.list_dev_app_members',
  ]],
  [20261203, [
  'aitable.view_update_sort', 'todo.add_task_participants', 'chat.search_at_me_message', 'aitable.dashboard_arrange', 'minutes.create_mind_graph',
  'chat.add_group_member', 'aitable.view_update_group', 'sheet.insert_dimension', 'doc.search_documents', 'chat.combine_forward_messages',
  'aitable.base_update', 'sheet.fill_range', 'chat.unset_top_message', 'sheet.get_float_image', 'todo.get_user_todos_in_current_org',
  'dev.add_dev_app_members', 'minutes.shortcut_summary', 'wiki.shortcut_node_delete', 'chat.send_robot_message', 'aitable.shortcut_dashboard_share_update',
  'contact.shortcut_list_roles', 'attendance.group_create', 'markdown.overwrite', 'mail.shortcut_find_mail_user', 'chat.shortcut_chat_messages',
  'devapp.shortcut_enable', 'attendance.report_columns', 'oa.shortcut_my_initiated', 'minutes.shortcut_mindmap', 'hrbrain.query_profile_data',
  ]],
  [20261204, [
  'chat.update_custom_shortcut', 'mail.batch_move_message', 'chat.list_conversation_message_v2', 'aitable.search', 'chat.set_custom_user_roles',
  'doc.copy_document', 'todo.reset_todo_reminder', 'aitable.section_rename', 'contact.search_dept_by_keyword', 'chat.clear_conversation_messages',
  'chat.set_group_member_mute_list', 'aitable.view_update_filter', 'chat.clear_conversation_red_point', 'chat.remove_text_emotion', 'sheet.filter_view_delete_criteria',
  'chat.remove_message_favorite', 'contact.shortcut_resolve_dept', 'aitable.record_batch_update', 'markdown.patch', 'doc.upload',
  'sheet.version_revert', 'todo.shortcut_list_sub', 'devapp.shortcut_disable', 'doc.shortcut_export', 'chat.shortcut_chat_members_get',
  'chat.shortcut_my_groups', 'aitable.form_questions_create', 'chat.shortcut_category_list_conversations', 'chat.shortcut_category_list', 'aitable.view_update_field_widths',
  ]],
  [20261205, [
  'chat.reply_personal_message', 'aitable.chart_update', 'chat.update_group_settings', 'chat.list_topic_replies', 'aitable.base_delete',
  'sheet.delete_filter_view', 'chat.set_group_mute', 'sheet.get_all_sheets', 'sheet.find_cells', 'contact.search_contact_by_key_word',
  'chat.add_robot_to_group', 'chat.share_group_invite_url', 'wiki.update_member', 'chat.search_messages', 'aitable.table_list',
  'chat.shortcut_conversation_mark_unread', 'chat.list_message_favorites', 'doc.shortcut_checkpoint_update', 'attendance.selfsetting_get', 'devapp.shortcut_member_list',
  'aitable.shortcut_workflow_enable', 'attendance.selfsetting_save', 'drive.folder_status', 'todo.shortcut_created_todos', 'attendance.overtime_get',
  'aitable.shortcut_section_create', 'doc.shortcut_comment_update', 'doc.shortcut_media_download', 'chat.list_conv_categories_by_conv', 'doc.shortcut_access_revoke',
  ]],
  [20261206, [
  'minutes.list_by_keyword_and_time_range', 'aitable.advperm_role_list', 'minutes.complete_upload_session', 'chat.add_text_emotion', 'chat.chat_permission_grant',
  'chat.update_show_history_msg_option', 'chat.set_top_conversation', 'mail.list_tags', 'aitable.base_create', 'pat.batch_grant',
  'minutes.remove_member_permission', 'todo.add_todo_attachment', 'chat.search_bots', 'minutes.batch_get_minutes_details', 'chat.update_custom_group_role',
  'devapp.shortcut_update', 'doc.shortcut_share', 'mail.shortcut_folder_list', 'drive.shortcut_publish_get', 'chat.add_message_favorite',
  'chat.shortcut_messages_set_pin', 'aitable.shortcut_view_get', 'sheet.list_sheet_comments', 'drive.unmark_star', 'minutes.shortcut_unshare',
  'sheet.hide_gridline', 'chat.shortcut_messages_list_unread_conversations', 'mail.shortcut_template_list', 'chat.shortcut_chat_quit', 'chat.shortcut_conversation_mark_read',
  ]],
  [20261207, [
  'aitable.section_list_empty', 'sheet.create_float_image', 'sheet.delete_dropdown_lists', 'mail.list_shared_with_me', 'aitable.view_get_timebar',
  'oa.start_process_instance', 'chat.query_message_send_status', 'chat.delete_conv_category', 'sheet.clear_range', 'aitable.view_get_sort',
  'aitable.list', 'aitable.record_share_url', 'chat.list_custom_group_roles', 'aisearch.enterprise_person_search', 'oa.revoke_processInstance',
  'chat.shortcut_messages_unset_pin', 'drive.shortcut_move', 'chat.shortcut_chat_list', 'chat.shortcut_messages_add_text_emotion', 'chat.shortcut_dm',
  'dev.connect_list', 'chat.recall_robot_message', 'calendar.shortcut_freebusy', 'attendance.vacation_records', 'calendar.shortcut_book_search',
  'attendance.get_attendance_summary', 'chat.get_group_mute_config', 'chat.shortcut_category_remove_conversation', 'chat.shortcut_chat_role_set_user', 'drive.shortcut_create_folder',
  ]],
  [20261208, [
  'doc.download_doc_attachment', 'doc.list_permission', 'oa.get_submitted_instances', 'mail.search_mail_users', 'chat.remove_emoji_reaction',
  'aitable.record_primary_doc_create', 'minutes.update_minutes_title', 'oa.oa_cc_noticer', 'sheet.update_filter', 'aitable.view_get_row_height',
  'minutes.query_mind_graph_status', 'mail.list_user_mailboxes', 'doc.list_nodes', 'calendar.query_busy_status', 'aitable.workflow_list',
  'drive.create_file_comment', 'aitable.shortcut_list_tables', 'aitable.shortcut_view_preset_apply', 'wiki.shortcut_delete_space', 'doc.shortcut_history_save',
  'devapp.shortcut_delete', 'aitable.shortcut_view_get_frozen_cols', 'aitable.form_share_get', 'contact.employee_update', 'drive.publish_unset',
  'doc.style_cover_clear', 'drive.download_file_version', 'sheet.range_read', 'wiki.shortcut_move', 'aitable.shortcut_chart_share_update',
  ]],
  // seed 20261209: audit-30h.md read 25; its other 5 were read in session 18 (audit-30i-a.md)
  [20261209, [
  'aitable.advperm_role_get', 'contact.get_dept_members_by_deptId', 'chat.update_at_all_notification_off', 'chat.list_individual_chat_message',
  'oa.list_initiated_instances', 'chat.transfer_group_owner', 'aitable.table_get', 'contact.get_current_user_profile',
  'chat.list_chat_toolbar_shortcuts', 'sheet.create_workspace_sheet', 'aitable.dashboard_share_get', 'dev.search_open_platform_docs_rag',
  'aitable.view_lock', 'calendar.list_acls', 'calendar.list_meeting_room_groups', 'hrbrain.get_search_fields',
  'attendance.vacation_save_balance', 'chat.create_smart_conv_category', 'mail.create_forward_draft', 'attendance.shortcut_query_report_data',
  'attendance.class_get', 'chat.shortcut_chat_get_by_id', 'chat.shortcut_messages_resource_url', 'aitable.shortcut_base_get', 'chat.shortcut_chat_bots',
  'doc.shortcut_import', 'aitable.shortcut_record_upsert', 'chat.shortcut_messages_recall', 'calendar.shortcut_agenda', 'aitable.shortcut_base_copy',
  ]],
  // seed 20261210: audit-30i-a.md (atomic) and audit-30i-b.md (composite), all 30 read
  [20261210, [
  'oa.get_processInstance_detail', 'oa.list_pending_approvals', 'aitable.record_primary_doc_get', 'calendar.list_calendars',
  'chat.list_special_focus_messages', 'chat.hide_shortcut_from_bar', 'drive.copy_document', 'drive.move_document', 'aitable.view_list',
  'sheet.set_range_from_csv', 'sheet.list_float_images', 'minutes.list_accessible_minutes', 'aitable.workflow_run', 'doc.create_document',
  'drive.search_files', 'event.stop', 'chat.shortcut_chat_role_query_user', 'attendance.adjustment_search', 'doc.shortcut_background_delete',
  'aitable.shortcut_chart_delete', 'contact.shortcut_search_mobile', 'dev.get_dev_app_version_detail', 'calendar.shortcut_free',
  'doc.shortcut_template_list', 'chat.shortcut_chat_search', 'devapp.shortcut_version_get', 'aitable.shortcut_field_delete',
  'attendance.class_search', 'minutes.shortcut_detail', 'dev.unsubscribe_dev_app_events',
  ]],
  // seed 20261211: audit-30j-a.md (atomic) and audit-30j-b.md (composite), all 30 read
  [20261211, [
  'doc.delete_document', 'sheet.export_csv', 'ding.recall_ding_message', 'sheet.unmerge_range', 'mail.create_user_mail_contact',
  'chat.update_user_group_alias', 'minutes.replace_minutes_text', 'calendar.delete_calendar_event', 'minutes.query_minutes_by_tag_id',
  'drive.create_folder', 'doc.list_document_blocks', 'wiki.remove_member', 'todo.update_todo_task', 'drive.list_permission',
  'contact.search_user_by_mobile', 'oa.shortcut_list_executed', 'devapp.shortcut_permission_list', 'contact.shortcut_list_role_members',
  'aitable.shortcut_base_get_primary_doc_id', 'attendance.shortcut_get_overtime_rule', 'hrbrain.list_talent_pools', 'chat.download_media',
  'dev.set_extension_robot_config', 'dev.get_extension_robot_config', 'doc.shortcut_template_search', 'doc.shortcut_search',
  'drive.shortcut_search', 'doc.shortcut_review', 'sheet.reply_sheet_comment', 'doc.shortcut_history_list',
  ]],
  // seed 20261212: audit-30k-a.md (atomic) and audit-30k-b.md (composite)
  [20261212, [
  'aitable.record_delete', 'todo.remove_task_participants', 'oa.dingflow_comments', 'chat.list_group_bots',
  'chat.query_msg_read_status', 'calendar.list_suggested_event_times', 'aitable.field_delete', 'mail.send_draft',
  'sheet.append_rows', 'oa.approve_processInstance', 'minutes.apply_minutes_permission', 'aitable.section_list_nodes',
  'drive.rename_document', 'sheet.get_filter_views', 'mail.get_thread',
  'drive.shortcut_recycle_list', 'chat.shortcut_conversation_clear_all_red_point', 'aitable.shortcut_record_upsert_by_key',
  'aitable.shortcut_dashboard_delete', 'contact.exclusive_account_create', 'doc.shortcut_version_save',
  'sheet.create_with_data', 'chat.shortcut_chat_role_add', 'drive.shortcut_find_file', 'contact.self_user_profile_update',
  'chat.shortcut_chat_set_admin', 'attendance.group_update', 'doc.shortcut_create', 'aitable.shortcut_chart_share_get',
  'aitable.shortcut_record_query',
  ]],
  // seed 20261213: audit-30l-a.md (atomic) and audit-30l-b.md (composite)
  [20261213, [
  'doc.update_document', 'aitable.view_get_lock', 'mail.get_user_message_template', 'aitable.field_list',
  'chat.create_conv_category', 'mail.list_mailbox_calendar_events', 'aitable.view_get_fill_color_rule', 'calendar.respond',
  'minutes.create_upload_session', 'aitable.view_get_aggregate', 'minutes.query_user_tag_list', 'contact.list_my_followings',
  'aitable.advperm_disable', 'aitable.table_create', 'doc.move_document',
  'minutes.shortcut_list_mine', 'todo.tag_todo', 'aitable.shortcut_field_get', 'aitable.shortcut_base_bootstrap',
  'wiki.shortcut_node_copy', 'mail.shortcut_user_search', 'aitable.form_field_hide', 'drive.shortcut_download',
  'minutes.shortcut_record_pause', 'dev.create_dev_app_version', 'drive.shortcut_upload', 'drive.get_star_list',
  'chat.shortcut_messages_read_status', 'dev.subscribe_dev_app_events', 'chat.shortcut_chat_update_settings',
  ]],
  // seed 20261214: audit-30m-a.md (atomic) and audit-30m-b.md (composite)
  [20261214, [
  'chat.search_my_robots', 'minutes.add_member_permission', 'aisearch.search_enterprise_behavior', 'sheet.filter_clear_criteria',
  'drive.add_permission', 'aitable.advperm_role_delete', 'doc.get_document_content', 'aitable.view_update_frozen_cols',
  'mail.batch_delete_message', 'doc.remove_permission', 'aitable.field_search_options', 'contact.get_dept_info_by_dept_id',
  'aitable.view_update_name', 'minutes.cancel_upload_session', 'aitable.field_update',
  'aitable.shortcut_section_delete', 'contact.shortcut_search_user', 'minutes.shortcut_record_resume', 'wiki.shortcut_member_list',
  'aitable.shortcut_record_primary_doc_get', 'aitable.shortcut_workflow_list', 'sheet.formula_verify', 'attendance.shortcut_search_class',
  'sheet.template_apply', 'minutes.shortcut_latest', 'devapp.shortcut_version_status', 'aitable.shortcut_base_search',
  'chat.shortcut_unread_chats', 'doc.import_get', 'aitable.shortcut_resolve_table',
  ]],
  [20261215, [
  'chat.get_conv_info_by_group_id', 'sheet.get_range_as_csv', 'aitable.template_search', 'aitable.view_get_frozen_cols',
  'minutes.list_shared_minutes', 'sheet.merge_cells', 'chat.remove_conv_from_categories', 'doc.create_folder',
  'mail.list_mailbox_calendars', 'wiki.node_search', 'sheet.replace_all', 'sheet.filter_view_list_criteria',
  'chat.set_pin_message', 'chat.unread_message_conversation_list', 'aitable.export_data',
  'dev.get_dev_app_version_status', 'chat.shortcut_broadcast', 'doc.shortcut_share_doc', 'chat.shortcut_category_add_conversation',
  'aitable.form_get', 'sheet.range_batch_clear', 'chat.shortcut_messages_list_pin', 'aitable.shortcut_role_list',
  'chat.shortcut_messages_send_by_webhook', 'aitable.shortcut_section_move_node', 'doc.update_comment', 'markdown.fetch',
  'aitable.shortcut_import_upload', 'aitable.shortcut_advperm_disable', 'oa.shortcut_list_cc',
  ]],
  [20261216, [
  'chat.edit_group_notice', 'minutes.get_speaker_summary', 'aitable.import_data', 'chat.dismiss_group',
  'aitable.advperm_role_update', 'chat.list_top_conversations', 'chat.list_message_emotion_replies', 'aitable.workflow_enable',
  'report.get_template_details_by_name', 'chat.add_emoji_reaction', 'sheet.delete_sheet', 'doc.get_document_info',
  'chat.chat_permission_grant_cross_org_data', 'aitable.view_update_visible_fields', 'aitable.section_move_node',
  'chat.update_group_nick', 'attendance.shortcut_get_self_setting', 'sheet.update_sheet_comment', 'chat.shortcut_chat_mute_member',
  'aitable.shortcut_base_list', 'aitable.shortcut_record_update', 'aitable.form_share_update', 'calendar.shortcut_suggest_time',
  'dev.submit_robot_create_task', 'chat.shortcut_conversation_mute', 'aitable.workflow_edit_example', 'chat.edit_message',
  'aitable.shortcut_workflow_deploy', 'aitable.shortcut_dashboard_update', 'chat.shortcut_messages_reply',
  ]],
  [20261217, [
  'attendance.batch_get_employee_shifts', 'aitable.table_update', 'drive.get_upload_info', 'calendar.add_attachments',
  'calendar.list_event_instances', 'attendance.query_attendance_group_or_rules', 'chat.get_group_notice', 'wiki.list_nodes',
  'aitable.workflow_disable', 'oa.reject_processInstance', 'chat.remove_custom_user_roles', 'chat.list_group_notices',
  'calendar.get_calendar_detail', 'calendar.add_meeting_room', 'chat.translate',
  'doc.template_list', 'drive.publish_get', 'minutes.shortcut_record_stop', 'aitable.shortcut_section_reorder',
  'doc.shortcut_background_update', 'oa.shortcut_list_submitted', 'contact.shortcut_list_dept_members', 'doc.version_revert',
  'devapp.shortcut_member_remove', 'hrbrain.get_employee_performance', 'aitable.shortcut_dashboard_config_example',
  'aitable.view_update_card', 'calendar.shortcut_book_list', 'contact.org_create', 'contact.shortcut_list_sub_depts',
  ]],
  [20261218, [
  'mail.update_user_message_template', 'mail.get_email_by_message_id', 'aitable.dashboard_update', 'report.get_report_statistics_by_id',
  'aitable.chart_get', 'chat.mark_conversation_unread', 'aitable.chart_share_update', 'wiki.delete_wikiSpace',
  'chat.update_streaming_card', 'mail.create_download_session', 'chat.quit_group', 'chat.list_all_conversations',
  'doc.insert_document_block', 'todo.create_personal_todo', 'sheet.create_filter_view', 'sheet.chart_delete',
  'chat.shortcut_category_create', 'chat.shortcut_messages_update_card', 'mail.shortcut_thread_list', 'sheet.ungroup_dimension',
  'sheet.import', 'whiteboard.query', 'chat.shortcut_bot_search', 'drive.shortcut_star_remove',
  'drive.list_file_comments', 'chat.shortcut_messages_batch_recall_by_bot', 'oa.shortcut_search_forms', 'todo.shortcut_list_comment',
  'dev.query_robot_create_result', 'todo.update_todo_tag',
  ]],
  [20261219, [
  'minutes.update_minutes_summary', 'aitable.table_delete', 'chat.search_common_groups', 'sheet.filter_view_get_criteria',
  'wiki.delete_document', 'drive.commit_upload', 'calendar.remove_calendar_participant', 'aitable.base_get',
  'doc.create_comment', 'chat.search_messages_by_time_range', 'mail.update_user_mail_contact', 'aitable.view_update_fill_color_rule',
  'aitable.record_update', 'sheet.range_update', 'minutes.list_my_hotwords', 'sheet.create_pivot_table',
  'attendance.group_update_members', 'doc.shortcut_access_change', 'drive.shortcut_rename', 'aitable.shortcut_record_delete',
  'chat.shortcut_bot_find', 'aitable.shortcut_advperm_enable', 'chat.shortcut_chat_list_mine', 'sheet.range_batch_set_style',
  'mail.create_reply_draft', 'sheet.group_dimension', 'chat.upgrade_group_to_external', 'doc.shortcut_export_submit',
  'dev.set_extension_webapp_config', 'devapp.shortcut_webapp_config',
  ]],
  [20261220, [
  'calendar.query_available_meeting_room', 'sheet.delete_float_image', 'chat.remove_custom_group_role', 'doc.create_file',
  'aitable.view_get_field_widths', 'chat.query_custom_user_roles', 'sheet.create_sheet', 'chat.create_group_conversation',
  'chat.list_pin_messages', 'chat.create_group_notice', 'chat.list_apply_join_group_records', 'chat.unset_pin_message',
  'oa.redirect_task', 'wiki.create_file', 'drive.delete_document',
  'chat.shortcut_chat_update_icon', 'doc.shortcut_find_doc', 'contact.shortcut_dept_members', 'chat.shortcut_chat_audit_join',
  'chat.shortcut_conversation_info', 'aitable.shortcut_form_list', 'attendance.shortcut_get_summary', 'chat.shortcut_chat_role_update',
  'todo.list_todo_attachment', 'dev.enable_dev_app', 'sheet.template_list', 'wiki.shortcut_resolve_space',
  'report.shortcut_outbox_list', 'contact.shortcut_me', 'attendance.shortcut_get_approve_template',
  ]],
  [20261221, [
  'mail.delete_mail_folder', 'minutes.list_audio_memos', 'aitable.view_create', 'aitable.view_update_row_height', 'chat.send_message_by_custom_robot',
  'contact.list_authorized_roster_fields', 'mail.list_folders', 'aitable.chart_widgets_example', 'chat.add_conv_to_categories', 'aitable.view_get_group',
  'mail.delete_user_message_template', 'wiki.list_workspace_feeds', 'aitable.record_query_empty', 'doc.update_document_block', 'chat.sort_shortcut_bar',
  'attendance.check_result', 'chat.shortcut_messages_query_send_status', 'doc.shortcut_inspect', 'chat.shortcut_category_delete', 'dev.delete_dev_app',
  'chat.shortcut_messages_add_emoji', 'aitable.shortcut_dashboard_arrange', 'mail.shortcut_recent_mail', 'hrbrain.get_profile_metadata', 'aitable.shortcut_attachment_upload',
  'dev.enable_dev_app_robot', 'drive.revert_file_version', 'minutes.shortcut_record_wrap_up', 'chat.shortcut_messages_set_top', 'wiki.shortcut_node_list',
  ]],
  [20261222, [
  'drive.get_file_info', 'oa.get_noticed_instances', 'todo.create_personal_sub_todo', 'wiki.node_move', 'oa.get_done_tasks',
  'report.get_available_report_templates', 'devdoc.search_open_platform_docs_rag', 'mail.create_mail_folder', 'aitable.dashboard_config_example', 'aitable.dashboard_delete',
  'drive.permission_update', 'doc.update_permission', 'minutes.delete_personal_hotword', 'minutes.replace_speaker', 'chat.get_group_invite_url',
  'attendance.schedule_import', 'drive.shortcut_version_history', 'doc.shortcut_comment_list', 'doc.shortcut_history_revert', 'drive.query_permission_apply_info',
  'aitable.shortcut_view_lock', 'drive.shortcut_info', 'chat.shortcut_chat_set_history', 'dev.disable_dev_app_robot', 'attendance.vacation_types',
  'doc.shortcut_media_insert', 'aitable.shortcut_record_query_empty', 'aitable.shortcut_form_field_update', 'sheet.chart_list', 'aitable.shortcut_field_update',
  ]],
  [20261223, [
  'aitable.chart_share_get', 'todo.get_todo_detail', 'aitable.base_list', 'doc.rename_document', 'chat.update_notification_off',
  'sheet.delete_dimension', 'sheet.delete_cond_format', 'aitable.section_create', 'chat.update_red_env_notification_off', 'aitable.section_delete',
  'aitable.base_copy', 'live.get_my_lives', 'wiki.add_member', 'contact.get_sub_depts_by_dept_id', 'aitable.workflow_get',
  'aitable.shortcut_form_delete', 'aitable.form_field_update', 'chat.shortcut_conversation_clear_red_point', 'doc.shortcut_resource_update', 'sheet.shortcut_list_sheets',
  'aitable.shortcut_view_get_lock', 'sheet.list_pivot_tables', 'hrbrain.list_pool_employees', 'ding.shortcut_send_personal', 'chat.shortcut_messages_list_direct',
  'aitable.shortcut_dashboard_share_get', 'attendance.globalsetting_get', 'doc.shortcut_fetch', 'drive.get_node_stats', 'chat.shortcut_messages_create_text_emotion',
  ]],
  [20261224, [
  'todo.remove_task_executors', 'minutes.get_minutes_keywords', 'doc.delete_document_block', 'aitable.dashboard_share_update', 'chat.list_my_groups_pagination',
  'aitable.chart_create', 'aitable.info', 'todo.delete_todo', 'chat.remove_custom_shortcut', 'ding.send_ding_message',
  'wiki.search_wikiSpaces', 'doc.download_file', 'mail.list_user_mail_contacts', 'minutes.get_minutes_transcription', 'chat.update_group_name',
  'doc.get_document_style', 'doc.shortcut_version_revert', 'devapp.shortcut_version_check_approval', 'chat.shortcut_chat_create', 'todo.create_todo_tag',
  'contact.department_create', 'dev.get_dev_app_credentials', 'drive.upload', 'attendance.group_filtered_get', 'mail.share_message_to_chat',
  'todo.shortcut_assign_multi', 'chat.shortcut_chat_members_list', 'attendance.shortcut_get_adjustment_rule', 'chat.shortcut_feed_group_query_item', 'attendance.group_search',
  ]],
  [20261225, [
  'oa.get_processInstance_records', 'sheet.range_copy_to', 'sheet.copy_sheet', 'aitable.view_get_visible_fields', 'minutes.get_minutes_ai_summary',
  'aitable.query_records', 'calendar.get_calendar_participants', 'aitable.form_questions_delete', 'chat.add_custom_group_role', 'chat.list_owned_or_admin_groups',
  'oa.list_user_visible_process', 'aitable.attachment_upload', 'sheet.submit_export_job', 'todo.list_todo_comment', 'chat.remove_group_member',
  'minutes.shortcut_share', 'sheet.chart_create', 'sheet.chart_update', 'aitable.shortcut_form_share_update', 'report.get_received_report_list',
  'aitable.shortcut_dashboard_get', 'oa.shortcut_list_forms', 'contact.add_employee', 'aitable.form_create', 'aitable.shortcut_export_data',
  'dev.get_dev_app', 'todo.shortcut_get_my_tasks', 'sheet.filter_view_update_criteria', 'aitable.shortcut_record_bulk_patch', 'aitable.shortcut_view_delete',
  ]],
  [20261226, [
  'wiki.create_wikiSpace', 'calendar.update_calendar_event', 'calendar.search_calendar', 'chat.create_and_send_card', 'oa.forecast_process',
  'aitable.record_upsert', 'doc.list_comments', 'aitable.view_duplicate', 'sheet.set_dropdown_lists', 'sheet.delete_filter',
  'drive.download_file', 'minutes.query_minutes_audio_url', 'drive.list_spaces', 'todo.update_todo_done_status', 'aitable.view_delete',
  'sheet.table_put', 'minutes.shortcut_speaker_replace', 'drive.shortcut_delete', 'doc.style_background_set', 'mail.create_replyall_draft',
  'attendance.check_record', 'drive.get_cover', 'todo.delete_todo_tag', 'sheet.update_pivot_table', 'aitable.shortcut_url_resolve',
  'chat.shortcut_conversation_list', 'mail.create_draft', 'devapp.shortcut_event_list', 'oa.shortcut_list_pending', 'minutes.shortcut_action_items',
  ]],
  [20261227, [
  'chat.mark_message_read', 'chat.forward_message', 'mail.list_mail_attachments', 'todo.delete_todo_comment', 'minutes.list_minutes_todos',
  'chat.list_conversations_by_category', 'wiki.list_member', 'aitable.workflow_history', 'aitable.create', 'chat.send_personal_message',
  'report.create_report', 'mail.create_user_message_template', 'chat.list_messages_by_ids', 'sheet.sort_range', 'chat.forward_topic',
  'calendar.shortcut_my_free', 'sheet.delete_pivot_table', 'minutes.record_stop', 'sheet.write_image', 'aitable.shortcut_attachment_remove',
  'aitable.shortcut_role_update', 'aitable.shortcut_form_share_get', 'calendar.shortcut_attendee_list', 'chat.shortcut_chat_invite_url', 'drive.shortcut_version_get',
  'attendance.overtime_search', 'event.status', 'drive.folder_pull', 'markdown.create', 'aitable.view_update_aggregate',
  ]],
  [20261228, [
  'drive.permission_remove', 'chat.list_user_define_conv_categories', 'aitable.record_get', 'aitable.advperm_enable', 'chat.search_messages_by_sender',
  'calendar.delete_meeting_room', 'chat.clear_all_red_point', 'aisearch.search_enterprise', 'doc.add_permission', 'aitable.import_upload',
  'chat.remove_robot_in_group', 'minutes.create_speaker_summary', 'report.get_report_entry_details', 'chat.update_group_icon', 'sheet.move_dimension',
  'aitable.shortcut_form_update', 'chat.shortcut_conversation_clear_messages', 'chat.shortcut_chat_update', 'aitable.shortcut_workflow_disable', 'doc.shortcut_resource_delete',
  'dev.publish_dev_app_version', 'drive.shortcut_recycle_restore', 'aitable.shortcut_section_list_empty', 'aitable.shortcut_workflow_get', 'drive.folder_push',
  'attendance.vacation_update_type', 'dev.apply_dev_app_permissions', 'drive.apply_permission', 'attendance.shortcut_my_attendance', 'aitable.shortcut_role_get',
  ]],
  [20261229, [
  'mail.batch_delete_user_mail_contacts', 'sheet.update_float_image', 'mail.list_user_message_templates', 'aitable.view_get_filter', 'sheet.update_sheet',
  'contact.get_user_info_by_user_ids', 'chat.get_conversation_info', 'chat.search_messages_by_keyword', 'chat.add_shortcut_to_bar', 'sheet.add_dimension',
  'sheet.filter_view_info', 'sheet.sort_filter', 'sheet.update_dimension', 'doc.reply_comment', 'chat.set_top_message',
  'drive.shortcut_stats', 'attendance.report_query_data', 'doc.media_upload', 'wiki.shortcut_member_add', 'calendar.shortcut_book',
  'doc.shortcut_list', 'minutes.shortcut_search', 'drive.shortcut_create_shortcut', 'aitable.shortcut_role_delete', 'minutes.shortcut_upload_and_analyze',
  'minutes.shortcut_replace_batch', 'chat.batch_query_group_chat_settings', 'dev.list_dev_app_permissions', 'calendar.shortcut_room_search', 'sheet.delete_sheet_comment',
  ]],
]);

const rest = process.argv[2] === 'rest';
const second = process.argv[2] === 'second';
const seed = rest ? Infinity : Number(process.argv[second ? 3 : 2]);
if (!rest && !Number.isInteger(seed)) throw new Error('usage: node notes/audit-draw.mjs <seed> | rest | second <seed>');
const earlier = second ? new Set() : new Set([...AUDITS].filter(([s]) => s < seed).flatMap(([, paths]) => paths));
const out = execFileSync('node', ['bin/dws.cjs', 'schema', '--all', '--jq',
  '.products[].tools[] | [.canonical_path, .interface_mode, .cli_path] | @tsv'], { encoding: 'utf8', maxBuffer: 1 << 26 });
const all = out.trim().split('\n').map((l) => l.split('\t'));
const cmp = (a, b) => (a < b ? -1 : a > b ? 1 : 0); // code point order (all paths are ASCII)
all.sort((a, b) => cmp(a[0], b[0]));
const missing = [...earlier].filter((p) => !all.some((r) => r[0] === p));
if (missing.length) throw new Error(`audited commands not in the catalog: ${missing.join(', ')}`);
const rows = earlier.size === 0 && !second ? all : all.filter((r) => !earlier.has(r[0]) && r[1] !== 'local');
/**
 * Session 32 swept the 274 commands no audit had drawn (`rest` before this list: notes/sw32-1.md ... sw32-11.md, one
 * share per report, notes/sweep32-shares.md lists the shares); these it left unread (none: sw32-10 and sw32-11 read the last two).
 */
const SWEEP32_LEFT = [];
if (rest) {
  // Every command neither an audit nor the session 32 sweep reviewed (local ones aside), in code point order.
  for (const r of rows) if (SWEEP32_LEFT.includes(r[0])) console.log(r.join('\t'));
  process.exit(0);
}
function mulberry32(s) {
  let a = s >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const rand = mulberry32(seed);
function draw(pool, n) {
  const a = pool.slice();
  for (let i = 0; i < n; i++) {
    const j = i + Math.floor(rand() * (a.length - i));
    [a[i], a[j]] = [a[j], a[i]];
  }
  return a.slice(0, n);
}
const atomic = rows.filter((r) => r[1] === 'mcp');
const other = rows.filter((r) => r[1] !== 'mcp');
console.log(`seed ${seed}: total ${all.length}, excluded: earlier audits ${earlier.size}, local ${earlier.size === 0 && !second ? 0 : all.filter((r) => r[1] === 'local' && !earlier.has(r[0])).length}; atomic ${atomic.length}, other ${other.length}`);
for (const [label, pool] of [['atomic', atomic], ['composite', other]]) {
  for (const r of draw(pool, 15)) console.log([label, ...r].join('\t'));
}
