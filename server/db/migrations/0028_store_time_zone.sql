-- A shop that set its province before the store had a time zone keeps its days in its province's
-- zone (domain/provinces.ts as of this migration), not in Toronto's, which was every shop's until now.
INSERT INTO "settings" ("key", "value")
SELECT 'store_time_zone', to_jsonb(CASE "value" #>> '{}'
    WHEN 'AB' THEN 'America/Edmonton'
    WHEN 'BC' THEN 'America/Vancouver'
    WHEN 'MB' THEN 'America/Winnipeg'
    WHEN 'NB' THEN 'America/Halifax'
    WHEN 'NL' THEN 'America/St_Johns'
    WHEN 'NS' THEN 'America/Halifax'
    WHEN 'NT' THEN 'America/Edmonton'
    WHEN 'PE' THEN 'America/Halifax'
    WHEN 'SK' THEN 'America/Regina'
    WHEN 'YT' THEN 'America/Whitehorse'
    ELSE 'America/Toronto'
  END)
FROM "settings"
WHERE "key" = 'store_province'
ON CONFLICT ("key") DO NOTHING;
