# Les feuilles de score imprimées des tables sur papier, et les lignes des feuilles de score
# (que les formulaires de feuille de score montrent aussi).

cards-heading = { $event } : feuilles de score
cards-heading-round = { $event } : feuilles de score, ronde { $round }
cards-none = Aucune feuille de score à imprimer pour la ronde { $round } : chaque table joue sur les téléphones des joueurs. Marquez une table « jouer avec de vraies cartes » sur la console pour imprimer sa feuille.
cards-no-round = Aucune ronde n'a encore été placée.
card-title = { $event } · ronde { $round } · table { $table }
# $hands : "one" quand la feuille a une ligne par camp, "many" une ligne par manche jouée.
card-how = Au signal d'arrêt, comptez vos cartes pour chaque colonne{ $hands ->
    [many] , une ligne par manche jouée (le score de la ronde est le total)
   *[one] {""}
}. Une pile ne dépasse jamais son quota. Un autre camp vérifie et paraphe.
card-side = Camp
card-hand = Manche
card-total = Total
card-checked-by = Vérifié par
card-hand-number = Manche { $hand }
card-hand-points = Manche { $hand } :
card-round-total = Total de la ronde :
card-each = ({ $value } chacune)
card-each-max = ({ $value } chacune, max { $quota })
card-unit = { $unit ->
    [points] Points
   *[other] Milles
}

## Les lignes des feuilles de score : les cartes de milles d'une course, et la feuille
## imprimée du Mille Bornes.
sheet-miles = { $miles ->
    [one] { $miles } mille
   *[other] { $miles } milles
}
sheet-mb-miles = Bornes
sheet-mb-safeties = Bottes
sheet-mb-coups_fourres = Coups fourrés
sheet-mb-trip = Voyage terminé
sheet-mb-delayed_action = Action retardée
sheet-mb-safe_trip = Voyage sans 200
sheet-mb-shut_out = Capot
sheet-mb-extension = Allonge

## A printout in pages (a big party's tents, score cards, seating, member cards).
print-page-tables = Page { $page } sur { $pages } : tables { $first } à { $last } sur { $total }
print-page-members = Page { $page } sur { $pages } : membres { $first } à { $last } sur { $total }
print-page-previous = Page précédente
print-page-next = Page suivante
