-- The sort key of person names, as German users expect the list (DIN 5007-1, dictionary order): case and
-- diacritics do not count (ä sorts as a, ö as o, ß as ss). The embedded database compares bytes, which would put
-- "Özdemir" after "Wöhler"; and under the C locale lower() changes only ASCII letters, so both cases are listed.
-- IMMUTABLE, so that the list's sort indexes can be built on it.
CREATE FUNCTION "german_sort_key"("value" text) RETURNS text
  LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE
  RETURN translate(
    replace(replace(replace(replace(replace(replace(lower("value"), 'ß', 'ss'), 'ẞ', 'ss'), 'æ', 'ae'), 'Æ', 'ae'), 'œ', 'oe'), 'Œ', 'oe'),
    'àÀáÁâÂãÃäÄåÅāĀăĂąĄçÇćĆčČďĎđĐèÈéÉêÊëËēĒėĖęĘěĚìÌíÍîÎïÏīĪįĮłŁľĽĺĹñÑńŃňŇòÒóÓôÔõÕöÖøØōŌőŐřŘŕŔśŚšŠşŞťŤţŢùÙúÚûÛüÜūŪůŮűŰųŲýÝÿŸźŹžŽżŻğĞı',
    'aaaaaaaaaaaaaaaaaaccccccddddeeeeeeeeeeeeeeeeiiiiiiiiiiiillllllnnnnnnoooooooooooooooorrrrssssssttttuuuuuuuuuuuuuuuuyyyyzzzzzzggi'
  );
