-- A hidden address published in the title (security review): until this release the generated title of
-- a listing named its street whatever «mostra indirizzo» said ('Casa in vendita in Via Padova, 45 a
-- Milano'), and the seller who kept it published the street on the page, its head and JSON-LD, the search
-- cards, the full text and the alert mails. The rule is now the address the listing shows
-- (domain/listing/title.ts): with show_address off, the town alone. A listing with its address hidden
-- whose title, or step 16's answer, is exactly the generated title with its street gets the generated
-- title without it ('Casa in vendita a Milano'); a title the seller wrote is left alone. The words are
-- those of server/db/seed/data/listing-texts.json ("title"); street and number as formatAddress writes
-- them ('Via Padova, 45', or the street alone without a number). updated_at is left as it is: the
-- valuation reads it as a sold listing's date, and the seller changed nothing.
UPDATE "properties" AS p SET
  "title" = CASE WHEN p."title" = g."with_street" THEN g."town_only" ELSE p."title" END,
  "wizard_answers" = CASE
    WHEN btrim(p."wizard_answers" #>> '{title,title}') = g."with_street" THEN jsonb_set(p."wizard_answers", '{title,title}', to_jsonb(g."town_only"))
    ELSE p."wizard_answers"
  END
FROM (
  SELECT
    q."id",
    CASE q."sell_type_id" WHEN 1 THEN 'Casa in vendita in ' ELSE 'Casa in affitto in ' END
      || btrim(q."street") || coalesce(nullif(', ' || btrim(q."street_number"), ', '), '') || ' a ' || m."name" AS "with_street",
    CASE q."sell_type_id" WHEN 1 THEN 'Casa in vendita a ' ELSE 'Casa in affitto a ' END || m."name" AS "town_only"
  FROM "properties" AS q
  JOIN "municipalities" AS m ON m."id" = q."municipality_id"
  WHERE q."show_address" = false AND q."sell_type_id" IN (1, 2) AND btrim(q."street") <> ''
) AS g
WHERE p."id" = g."id" AND (p."title" = g."with_street" OR btrim(p."wizard_answers" #>> '{title,title}') = g."with_street");
