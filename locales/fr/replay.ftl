# Les rediffusions : la liste des donnes finies d'une soirée, et une donne pas à pas.

## La liste.
replays-title = Rediffusions
replays-intro = Chaque donne des tables numériques, coup par coup, avec le plateau tel que chaque place l'a vu et toutes les mains montrées : une donne apparaît ici une fois finie, et une donne coupée par le signal une fois sa ronde close.
replays-none = Aucune donne n'a encore été finie à une table numérique.
replays-round = Ronde
replays-table = Table
replays-deal = Donne
replays-result = Résultat
replays-replay = Revoir
replays-bot = robot
replays-cut = (coupée au signal)
# Le résultat d'un camp : « Ann & Bob 40 bornes » ; $unit vaut "miles" ou "points".
replay-side = { $names } { $score } { $unit ->
    [points] pts
   *[other] bornes
}

## Une donne.
replay-title = Rediffusion : ronde { $round }, table { $table }, donne { $deal }
replay-heading = Ronde { $round }, table { $table }, donne { $deal }
replay-won = { $side } (gagné)
replay-cut-note = (coupée au signal de la ronde : voici les bornes qu'elle a comptées)
replay-all = Toutes les rediffusions
replay-steps = Étapes
# Balises gardées : « Étape 3 sur 40 » est en gras.
replay-step = <strong>Étape { $step } sur { $steps }</strong> : { $text }
replay-first = Début
replay-previous = Précédente
replay-next = Suivante
replay-last = Fin
replay-go-to = Aller à l'étape
replay-show = Afficher
replay-all-shown = La donne est finie, toutes les mains sont donc montrées : voici la table telle que chaque place l'a vue après cette étape.
replay-hand-score = Le score de la manche
replay-hand-score-cut = (coupée au signal : pas de prime de voyage)
replay-row = Ligne
replay-row-miles = Bornes
replay-row-safeties = Bottes
replay-row-all-safeties = Les quatre bottes
replay-row-coups-fourres = Coups fourrés
replay-row-trip = Voyage terminé
replay-row-delayed-action = Action retardée
replay-row-safe-trip = Voyage sans 200
replay-row-shut-out = Capot
replay-row-extension = Allonge
replay-row-total = Total
replay-as-seen = Tel { ELIDES($name) ->
    [yes] qu'{ $name }
   *[no] que { $name }
} l'a vu
# Ce qu'a été l'étape.
replay-dealt = La donne telle qu'elle a été distribuée.
replay-move-of = Le coup { ELIDES($name) ->
    [yes] d'{ $name }
   *[no] de { $name }
}.
replay-table-move = Le coup de la table.
replay-by-clock = Ce coup a été joué par l'horloge des tours.
replay-by-bot = Ce coup a été joué par un robot pour l'hôte.
replay-last-before-signal = Le dernier coup avant le signal de la ronde.
replay-last-of-deal = Le dernier coup de la donne.
