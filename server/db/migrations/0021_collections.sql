-- Hand-written: the canon's collections, by which a typed reference is read ('SN 55.37',
-- 'Linked Discourses 55.37', 'Saṃyutta Nikāya 55.37'), administrators extend them (decision 056).
-- The abbreviation is unique as reading compares it: lowercase, without diacritics.
CREATE TABLE "collections" (
	"id" serial PRIMARY KEY NOT NULL,
	"abbreviation" text NOT NULL,
	"pali_name" text NOT NULL,
	"english_name" text NOT NULL,
	"estonian_name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"parent_id" integer,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "collections" ADD CONSTRAINT "collections_parent_id_collections_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."collections"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "collections_abbreviation_unique" ON "collections" USING btree (f_unaccent(lower("abbreviation")));--> statement-breakpoint
-- Where a reference may be named: headings and page titles that begin with a collection's name,
-- found by an indexed prefix (f_unaccent(lower(x)) LIKE 'linked discourses%'), the rest in TypeScript.
CREATE INDEX "search_passages_heading_prefix_idx" ON "search_passages" USING btree (f_unaccent(lower("heading")) text_pattern_ops) WHERE "heading" <> '';--> statement-breakpoint
CREATE INDEX "content_title_prefix_idx" ON "content" USING btree (f_unaccent(lower("title")) text_pattern_ops);--> statement-breakpoint
-- The canon as SuttaCentral names it; the Estonian names are ours and editable on the "Kogud" screen.
INSERT INTO "collections" ("abbreviation", "pali_name", "english_name", "estonian_name", "aliases", "position") VALUES
	('DN', 'Dīgha Nikāya', 'Long Discourses', 'Pikad jutlused', '{}', 1),
	('MN', 'Majjhima Nikāya', 'Middle Discourses', 'Keskmise pikkusega jutlused', '{}', 2),
	('SN', 'Saṁyutta Nikāya', 'Linked Discourses', 'Seotud jutlused', '{}', 3),
	('AN', 'Aṅguttara Nikāya', 'Numbered Discourses', 'Arvulised jutlused', '{}', 4),
	('KN', 'Khuddaka Nikāya', 'Minor Collection', 'Väike kogu', '{}', 5),
	('Vin', 'Vinaya Piṭaka', 'Collection on Monastic Law', 'Kloostrikorra kogu', '{}', 30);--> statement-breakpoint
INSERT INTO "collections" ("abbreviation", "pali_name", "english_name", "estonian_name", "aliases", "position", "parent_id")
SELECT v.abbreviation, v.pali_name, v.english_name, v.estonian_name, v.aliases::text[], v.position, p.id
FROM (VALUES
	('Khp', 'Khuddakapāṭha', 'Minor Passages', 'Lühikesed tekstid', '{Kp}', 6, 'KN'),
	('Dhp', 'Dhammapada', 'Sayings of the Dhamma', 'Dhamma sõnad', '{}', 7, 'KN'),
	('Ud', 'Udāna', 'Heartfelt Sayings', 'Südamest öeldud sõnad', '{}', 8, 'KN'),
	('Iti', 'Itivuttaka', 'So It Was Said', 'Nii on öeldud', '{}', 9, 'KN'),
	('Snp', 'Sutta Nipāta', 'The Anthology of Discourses', 'Jutluste kogumik', '{Suttanipāta}', 10, 'KN'),
	('Vv', 'Vimānavatthu', 'Stories of the Mansions', 'Lood taevalossidest', '{}', 11, 'KN'),
	('Pv', 'Petavatthu', 'Ghost Stories', 'Lood näljastest vaimudest', '{}', 12, 'KN'),
	('Thag', 'Theragāthā', 'Verses of the Senior Monks', 'Vanemmunkade värsid', '{}', 13, 'KN'),
	('Thig', 'Therīgāthā', 'Verses of the Senior Nuns', 'Vanemnunnade värsid', '{}', 14, 'KN'),
	('Ja', 'Jātaka', 'Birth Stories', 'Sünnilood', '{}', 15, 'KN'),
	('Nidd', 'Niddesa', 'Exposition', 'Seletus', '{}', 16, 'KN'),
	('Paṭis', 'Paṭisambhidāmagga', 'The Path of Discrimination', 'Eristamise tee', '{Ps}', 17, 'KN'),
	('Ap', 'Apadāna', 'Legends', 'Legendid', '{}', 18, 'KN'),
	('Bv', 'Buddhavaṁsa', 'Chronicle of Buddhas', 'Buddhade kroonika', '{}', 19, 'KN'),
	('Cp', 'Cariyāpiṭaka', 'Basket of Conduct', 'Käitumise korv', '{}', 20, 'KN'),
	('Mil', 'Milindapañha', 'The Questions of King Milinda', 'Kuningas Milinda küsimused', '{}', 21, 'KN'),
	('Netti', 'Nettippakaraṇa', 'The Guide', 'Juhatus', '{}', 22, 'KN'),
	('Peṭ', 'Peṭakopadesa', 'The Piṭaka Disclosure', 'Piṭaka avamine', '{}', 23, 'KN'),
	('Bu', 'Bhikkhuvibhaṅga', 'Monks’ Rules and Their Analysis', 'Munkade reeglid ja nende analüüs', '{Bhikkhu Vibhaṅga}', 31, 'Vin'),
	('Bi', 'Bhikkhunīvibhaṅga', 'Nuns’ Rules and Their Analysis', 'Nunnade reeglid ja nende analüüs', '{Bhikkhunī Vibhaṅga}', 32, 'Vin'),
	('Kd', 'Khandhaka', 'Chapters on Legal Topics', 'Õigusküsimuste peatükid', '{}', 33, 'Vin'),
	('Pvr', 'Parivāra', 'The Compendium', 'Kokkuvõte', '{}', 34, 'Vin')
) AS v(abbreviation, pali_name, english_name, estonian_name, aliases, position, parent)
JOIN "collections" p ON p.abbreviation = v.parent;
