-- Channel columns new-api added after the schema of 0001 (its gorm model at e2c7aa7), with its types, so an
-- operator can point Ferryman at a current new-api database and back: IF NOT EXISTS leaves theirs alone.
--   channel_info     multi-key state: {is_multi_key, multi_key_size, multi_key_status_list {index: status},
--                    multi_key_disabled_reason, multi_key_disabled_time, multi_key_polling_index, multi_key_mode}
--   header_override  JSON object of headers sent upstream
--   settings         JSON object of other per-type settings (new-api's ChannelOtherSettings)
--   remark           the operator's note, at most 255 characters
ALTER TABLE channels ADD COLUMN IF NOT EXISTS channel_info json;
ALTER TABLE channels ADD COLUMN IF NOT EXISTS header_override text;
ALTER TABLE channels ADD COLUMN IF NOT EXISTS settings text;
ALTER TABLE channels ADD COLUMN IF NOT EXISTS remark varchar(255);
